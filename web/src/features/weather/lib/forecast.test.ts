import { describe, expect, it } from 'vitest';
import { FORECAST, WEATHER_ICONS, weatherIconOf } from './forecast';

describe('weather forecast', () => {
  it('maps every known icon name to itself and anything else to cloud', () => {
    for (const name of WEATHER_ICONS) expect(weatherIconOf(name)).toBe(name);
    expect(weatherIconOf('tornado')).toBe('cloud');
    expect(weatherIconOf('')).toBe('cloud');
  });

  it('shows five days, today high 39 with overcast clouds', () => {
    expect(FORECAST).toHaveLength(5);
    expect(FORECAST[0]).toMatchObject({ day: 'Today', tempHigh: 39, condition: 'Overcast clouds' });
  });
});
