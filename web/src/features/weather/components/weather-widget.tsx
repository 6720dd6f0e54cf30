/**
 * Our own weather widget (no third-party script): five days for Page, AZ from fixed display
 * data, clearly labelled as a sample, with a link to the live National Weather Service forecast.
 */
import { site } from '@lp/contracts/site';
import { ExternalLink } from '../../../components/layout/external-link';
import { FORECAST, ICON_LABELS, weatherIconOf } from '../lib/forecast';
import { WeatherIcon } from './weather-icon';

const NWS_URL = `https://forecast.weather.gov/MapClick.php?lat=${site.office.geo.latitude}&lon=${site.office.geo.longitude}`;

export function WeatherWidget({ headingLevel: H = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const [today, ...rest] = FORECAST;
  if (!today) return null;
  const todayIcon = weatherIconOf(today.icon);
  return (
    <div className="rounded-xl bg-gradient-to-br from-lake-800 to-lake-900 p-6 text-white shadow-md">
      <H className="text-lg font-semibold">
        Weather in {site.office.city}, {site.office.region}
      </H>
      <p className="text-sm text-lake-100">Sample winter forecast</p>
      <div className="mt-4 flex items-center gap-4">
        <WeatherIcon name={todayIcon} className="size-14 text-canyon-100" />
        <div>
          <p className="text-4xl font-bold">{today.tempHigh}°F</p>
          <p className="text-lake-100">
            {today.condition ?? ICON_LABELS[todayIcon]} · low {today.tempLow}°F
          </p>
        </div>
      </div>
      <ul className="mt-5 grid grid-cols-4 gap-2 border-t border-white/20 pt-4 text-center" aria-label="Next four days">
        {rest.map((d) => {
          const icon = weatherIconOf(d.icon);
          return (
            <li key={d.date} className="grid justify-items-center gap-1">
              <span className="text-sm font-medium">{d.day}</span>
              <WeatherIcon name={icon} className="size-7 text-canyon-100" />
              <span className="sr-only">{ICON_LABELS[icon]},</span>
              <span className="text-sm">
                {d.tempHigh}° <span className="text-lake-100">/ {d.tempLow}°</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm">
        <ExternalLink className="text-white underline underline-offset-4" href={NWS_URL}>
          Live forecast from the National Weather Service
        </ExternalLink>
      </p>
    </div>
  );
}
