/**
 * The mobile menu (below 768px): Map, Financing, Investments, Blog, Contact and the phone.
 * Opens and closes with a 0.3 s height/opacity animation (none with reduced motion); choosing
 * an item, Escape, or widening the window past 768px (after 250 ms) closes it.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { site } from '@lp/contracts/site';
import { AnchorLink } from './anchor-link';

const MOBILE_BREAKPOINT_PX = 768;
const RESIZE_DELAY_MS = 250;

const item = 'flex min-h-11 items-center rounded-md px-3 text-base font-medium text-stone-800 hover:bg-lake-50';

export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => window.innerWidth >= MOBILE_BREAKPOINT_PX && onClose(), RESIZE_DELAY_MS);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('resize', onResize);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <div
      id="mobile-menu"
      inert={!open}
      data-state={open ? 'open' : 'closed'}
      className={`grid border-stone-200 bg-white transition-[grid-template-rows,opacity] duration-300 ease-in-out motion-reduce:transition-none md:hidden ${open ? 'grid-rows-[1fr] border-t opacity-100' : 'grid-rows-[0fr] opacity-0'}`}
    >
      <nav aria-label="Mobile" className="overflow-hidden">
        <ul className="flex flex-col gap-1 px-4 py-3">
          <li>
            <AnchorLink anchor="map" className={item} onNavigate={onClose}>
              Map
            </AnchorLink>
          </li>
          <li>
            <AnchorLink anchor="financing" className={item} onNavigate={onClose}>
              Financing
            </AnchorLink>
          </li>
          <li>
            <Link to="/investment" className={item} onClick={onClose}>
              Investments
            </Link>
          </li>
          <li>
            <Link to="/blog" className={item} onClick={onClose}>
              Blog
            </Link>
          </li>
          <li>
            <Link to="/contact" className={item} onClick={onClose}>
              Contact
            </Link>
          </li>
          <li>
            <a href={site.phoneHref} className={item} onClick={onClose}>
              Call {site.phone}
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
