/** /contact: headline, the six-field contact form, the sales office card and our weather widget. */
import { site } from '@lp/contracts/site';
import { ContactPageForm } from '../../features/submissions/components/contact-page-form';
import { SalesOfficeCard } from '../../components/ui/sales-office-card';
import { WeatherWidget } from '../../features/weather/components/weather-widget';

export default function ContactPage() {
  return (
    <div className="bg-sand-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-4xl font-bold tracking-tight text-lake-900 sm:text-5xl">Contact Us</h1>
        <p className="mt-4 max-w-2xl text-lg text-stone-700">
          Questions about a lot, a new home, financing or the builder package? Send us a message or call {site.phone};
          our sales office in {site.office.city} is open {site.office.hours.replace(', ', ' from ')}.
        </p>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
            <ContactPageForm />
          </div>
          <div className="space-y-8">
            <SalesOfficeCard headingLevel="h2" />
            <WeatherWidget headingLevel="h2" />
          </div>
        </div>
      </div>
    </div>
  );
}
