/** Video section (anchor `video`): the recorded tour, or a live video walk-through until one is configured. */
import { site } from '@lp/contracts/site';
import { Section } from '../../../components/ui/section';
import { VideoFacade } from './video-facade';

export function VideoSection() {
  return (
    <Section
      id="video"
      tone="sand"
      eyebrow="Video tour"
      title="See the Land Before You Visit"
      intro={
        <p>
          {site.videoId
            ? 'Take the video tour of the lots, the views and the drive down to the water.'
            : 'Walk the lots, the views and the drive down to the water with our sales team before you make the trip.'}
        </p>
      }
    >
      <div className="mx-auto max-w-4xl">
        <VideoFacade />
      </div>
    </Section>
  );
}
