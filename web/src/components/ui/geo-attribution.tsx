/**
 * The credit the GeoIP database's licence asks for on a screen that shows locations (DB-IP Lite's
 * CC BY 4.0: a link to db-ip.com), or nothing when the operator's own database needs none.
 */
import { useGeoDatabase } from '../../lib/locations';

export function GeoAttribution({ className = '' }: { className?: string }) {
  const { data } = useGeoDatabase();
  if (!data?.attribution) return null;
  return (
    <p className={`text-xs text-stone-600 ${className}`}>
      Locations:{' '}
      <a href={data.attribution.href} className="underline underline-offset-2 hover:text-lake-800">
        {data.attribution.text}
      </a>
    </p>
  );
}
