/** Weather glyphs for the forecast icon names (24×24, currentColor). */
import { StrokeIcon } from '../../../components/icons/icon';
import type { WeatherIcon as Name } from '../lib/forecast';

const CLOUD = 'M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 11a3.5 3.5 0 0 0 1 7z';
const SHAPES: Record<Name, string> = {
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  'cloud-sun':
    'M8 4v1M3.5 6.5l.7.7M2 11h1m8.5-4.3.7-.7M6 10a3 3 0 0 1 5-2M9 19h8a3.5 3.5 0 0 0 .4-7A5 5 0 0 0 8 13a3 3 0 0 0 1 6z',
  cloud: CLOUD,
  'cloud-rain': `${CLOUD}M9 21l1-2m4 2 1-2`,
  'cloud-showers-heavy': `${CLOUD}M8 22l1.5-3M12 22l1.5-3M16 22l1.5-3`,
  snowflake: 'M12 2v20M4 7l16 10M4 17 20 7M9 4l3 2 3-2M9 20l3-2 3 2',
  bolt: `${CLOUD}M12 14l-2 4h4l-2 4`,
  wind: 'M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h8',
};

export function WeatherIcon({ name, className = 'size-8' }: { name: Name; className?: string }) {
  return <StrokeIcon d={SHAPES[name]} className={className} strokeWidth="1.6" />;
}
