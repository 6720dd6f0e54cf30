/**
 * Where a page shows the shared form. The form's code (react-hook-form, valibot) loads only
 * when the form nears the viewport or is touched, so it stays out of the first page load; the
 * placeholder reserves the form's height (no layout shift) and offers phone and e-mail.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { site } from '@lp/contracts/site';
import type { SharedFormProps } from './shared-form';

const SharedFormView = lazy(() => import('./shared-form'));

function Placeholder({ onWake }: { onWake?: () => void }) {
  return (
    <div
      onPointerEnter={onWake}
      onFocus={onWake}
      className="grid min-h-[641px] content-start gap-3 rounded-lg border border-dashed border-stone-300 p-6 text-stone-700 sm:min-h-[457px]"
    >
      <p>Loading the contact form…</p>
      <p>
        You can also call{' '}
        <a className="font-semibold text-lake-700 underline" href={site.phoneHref}>
          {site.phone}
        </a>{' '}
        or e-mail{' '}
        <a className="font-semibold text-lake-700 underline" href={`mailto:${site.email}`}>
          {site.email}
        </a>
        .
      </p>
    </div>
  );
}

export function LazySharedForm(props: SharedFormProps) {
  const [wanted, setWanted] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || wanted) return;
    if (typeof IntersectionObserver === 'undefined') return setWanted(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: '600px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [wanted]);

  return (
    <div ref={ref} className="min-h-[641px] sm:min-h-[457px]">
      {wanted ? (
        <Suspense fallback={<Placeholder />}>
          <SharedFormView {...props} />
        </Suspense>
      ) : (
        <Placeholder onWake={() => setWanted(true)} />
      )}
    </div>
  );
}
