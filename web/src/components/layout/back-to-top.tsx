/** A button that appears once the page is scrolled more than 300 px and returns to the top. */
import { useEffect, useState } from 'react';
import { scrollToTop } from '../../lib/scroll';

const BACK_TO_TOP_THRESHOLD_PX = 300;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        scrollToTop();
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      aria-label="Back to top"
      className="fixed bottom-5 right-5 z-40 grid size-12 place-items-center rounded-full bg-lake-800 text-white shadow-lg hover:bg-lake-900"
    >
      <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="m6 15 6-6 6 6" />
      </svg>
    </button>
  );
}
