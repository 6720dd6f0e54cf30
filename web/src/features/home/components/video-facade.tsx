/**
 * The video tour behind a click-to-load facade: no third-party frame (and no cookie) until the
 * visitor presses play; then the youtube-nocookie.com player loads and starts.
 */
import { useState } from 'react';
import { site } from '@lp/contracts/site';
import posterImage from '../../../assets/canyon-sunset.svg';
import { trackEvent } from '../../../lib/analytics/tracker';

export function VideoFacade({ videoId = site.videoId }: { videoId?: string }) {
  const [playing, setPlaying] = useState(false);
  if (!videoId) return <LiveTourOffer />;
  if (playing) {
    return (
      <iframe
        className="aspect-video w-full rounded-2xl bg-black"
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
        title={site.videoTitle}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        setPlaying(true);
        trackEvent({ name: 'video_play', category: 'engagement', action: 'play', label: videoId });
      }}
      className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-lake-900 text-left"
    >
      <Poster className="size-full opacity-80" />
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-20 place-items-center rounded-full bg-canyon-600 text-white shadow-xl transition group-hover:scale-105 motion-reduce:transition-none">
          <svg viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor" aria-hidden="true">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-lake-900/85 px-4 py-3 text-white">
        Play the video: {site.videoTitle}
        <span className="block text-sm text-lake-100">
          Loads the player from YouTube (youtube-nocookie.com) when pressed.
        </span>
      </span>
    </button>
  );
}

/** Until the seller's recorded tour is configured: a live video walk-through, booked by phone or message. */
function LiveTourOffer() {
  return (
    <div className="relative overflow-hidden rounded-2xl bg-lake-900 text-white">
      <Poster className="aspect-video w-full opacity-60" />
      {/* Below the picture on phones; over its lower edge on wider screens. */}
      <div className="px-4 py-4 sm:absolute sm:inset-x-0 sm:bottom-0 sm:bg-lake-900/90 sm:px-6">
        <p className="text-lg font-semibold">Take a live video tour of the lots</p>
        <p className="mt-1 text-sm text-lake-100">
          A member of our sales team walks the lots with you on a video call and answers questions on the spot. Call{' '}
          <a href={site.phoneHref} className="whitespace-nowrap font-semibold text-white underline">
            {site.phone}
          </a>{' '}
          or{' '}
          <a href="#contact" className="font-semibold text-white underline">
            send us a message
          </a>{' '}
          to book a time.
        </p>
      </div>
    </div>
  );
}

/** The canyon-sunset still behind the video section (decorative, lazy, sized to avoid layout shift). */
function Poster({ className }: { className: string }) {
  return (
    <img
      src={posterImage}
      alt=""
      width={1600}
      height={700}
      loading="lazy"
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
