/**
 * Home page: hero, introduction, video, map, builder package, amenities, financing, contact.
 * Rendered by the gateway per request with the current lots, which the map section shows.
 */
import type { PublicLot } from '@lp/contracts';
import { usePageData } from '../page-data';
import { HeroSection } from '../../features/home/components/hero-section';
import { IntroductionSection } from '../../features/home/components/introduction-section';
import { VideoSection } from '../../features/home/components/video-section';
import { MapSection } from '../../features/home/components/map-section';
import { BuilderPackageSection } from '../../features/home/components/builder-package-section';
import { AmenitiesSection } from '../../features/home/components/amenities-section';
import { FinancingSection } from '../../features/home/components/financing-section';
import { ContactSection } from '../../features/home/components/contact-section';
import { LazySharedForm } from '../../features/submissions/components/lazy-shared-form';
import { WeatherWidget } from '../../features/weather/components/weather-widget';

export default function HomePage() {
  const lots = usePageData().lots as PublicLot[] | undefined;
  return (
    <>
      <HeroSection />
      <IntroductionSection />
      <VideoSection />
      <MapSection {...(lots ? { lots } : {})} />
      <BuilderPackageSection />
      <AmenitiesSection weather={<WeatherWidget />} />
      <FinancingSection />
      <ContactSection form={<LazySharedForm source="home" />} />
    </>
  );
}
