/**
 * Home hero (anchor `home`): the page's h1, subline, 'View Available Lots' and 'Contact Us'
 * (anchor scrolls), and the blue 'Available Now' strip with a call-today link. 70vh on mobile,
 * 85vh on desktop.
 */
import { site } from '@lp/contracts/site';
import heroImage from '../../../assets/hero-lake-powell.svg';
import { AnchorLink } from '../../../components/layout/anchor-link';
import { button } from '../../../components/ui/styles';
import { facts } from '../../../lib/market-facts';

export function HeroSection() {
  return (
    <section id="home" className="relative isolate flex min-h-[70vh] flex-col bg-lake-900 md:min-h-[85vh]">
      <img
        src={heroImage}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-lake-900/70 md:bg-transparent md:bg-gradient-to-r md:from-lake-900/90 md:via-lake-900/65 md:to-lake-900/10" />
      <div className="mx-auto flex w-full max-w-7xl flex-1 items-center px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
            Lots For Sale in Lake Powell, AZ
          </h1>
          <p className="mt-5 text-lg text-lake-50 sm:text-xl">
            Build your dream home in one of the most scenic regions of the Southwest.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AnchorLink anchor="map" className={button.primary}>
              View Available Lots
            </AnchorLink>
            <AnchorLink anchor="contact" className={button.secondary}>
              Contact Us
            </AnchorLink>
          </div>
        </div>
      </div>
      <div className="bg-lake-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-center sm:flex-row sm:px-6 sm:text-left">
          <p className="text-lg font-semibold">Available Now - Starting at {facts.lotsFrom}</p>
          <a
            href={site.phoneHref}
            className="inline-flex min-h-11 items-center rounded-md px-2 font-semibold underline underline-offset-4"
          >
            Call today: {site.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
