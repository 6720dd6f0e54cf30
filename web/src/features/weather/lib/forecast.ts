/**
 * The weather widget's fixed forecast (spec §3: display data, not fetched): today plus four
 * days, today high 39 °F with overcast clouds. Icon names outside the known set fall back to
 * cloud.
 */
export const WEATHER_ICONS = [
  'sun',
  'cloud-sun',
  'cloud',
  'cloud-rain',
  'cloud-showers-heavy',
  'snowflake',
  'bolt',
  'wind',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

type ForecastDay = {
  date: string;
  day: string;
  icon: string;
  tempHigh: number;
  tempLow: number;
  condition?: string;
};

export const FORECAST: readonly ForecastDay[] = [
  { date: '2025-01-14', day: 'Today', icon: 'cloud', tempHigh: 39, tempLow: 24, condition: 'Overcast clouds' },
  { date: '2025-01-15', day: 'Wed', icon: 'cloud-sun', tempHigh: 42, tempLow: 23 },
  { date: '2025-01-16', day: 'Thu', icon: 'sun', tempHigh: 45, tempLow: 25 },
  { date: '2025-01-17', day: 'Fri', icon: 'wind', tempHigh: 43, tempLow: 27 },
  { date: '2025-01-18', day: 'Sat', icon: 'snowflake', tempHigh: 36, tempLow: 21 },
];

export function weatherIconOf(name: string): WeatherIcon {
  return (WEATHER_ICONS as readonly string[]).includes(name) ? (name as WeatherIcon) : 'cloud';
}

export const ICON_LABELS: Record<WeatherIcon, string> = {
  sun: 'Sunny',
  'cloud-sun': 'Partly cloudy',
  cloud: 'Cloudy',
  'cloud-rain': 'Rain',
  'cloud-showers-heavy': 'Heavy rain',
  snowflake: 'Snow',
  bolt: 'Thunderstorms',
  wind: 'Windy',
};
