/** Introduction (anchor `introduction`): 'Affordable Lots For Sale' and three feature tiles. */
import marinaImage from '../../../assets/marina-cove.svg';
import { FeatureCard } from '../../../components/ui/feature-card';
import { Section } from '../../../components/ui/section';
import { facts } from '../../../lib/market-facts';

export function IntroductionSection() {
  return (
    <Section
      id="introduction"
      eyebrow="Page, Arizona"
      title="Affordable Lots For Sale"
      intro={
        <p>
          Residential lots from {facts.lotsFrom}, {facts.travel.marina} from the marina and {facts.travel.town} from
          town. Buy a lot and build with your own builder, or ask about our new-construction homes from{' '}
          {facts.homesFrom}.
        </p>
      }
    >
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_1.1fr]">
        <div className="grid gap-6 sm:grid-cols-3 lg:grid-cols-1">
          <FeatureCard icon="mountain" title="Scenic Views">
            Red-rock mesas, open desert sky and views across Lake Powell country from every direction.
          </FeatureCard>
          <FeatureCard icon="water" title="Lake Access">
            The marina is {facts.travel.marina} away: launch a boat, rent a kayak or spend the day on the water.
          </FeatureCard>
          <FeatureCard icon="compass" title="Outdoor Recreation">
            Hiking, fishing, paddling and canyon tours in Glen Canyon National Recreation Area, all year round.
          </FeatureCard>
        </div>
        <img
          src={marinaImage}
          alt="Illustration of boats on Lake Powell below red sandstone cliffs"
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl shadow-md"
        />
      </div>
    </Section>
  );
}
