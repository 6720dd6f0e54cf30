/** A small stroke icon set (24×24, currentColor), decorative unless given a label. */
const PATHS = {
  mountain: 'm3 20 6-10 4 6 3-4 5 8zM14 6a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  water: 'M2 15c2.5-2 4.5-2 7 0s4.5 2 7 0 4.5-2 6 0M2 19c2.5-2 4.5-2 7 0s4.5 2 7 0 4.5-2 6 0M12 3l4 6a4 4 0 1 1-8 0z',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm4-13-2.5 5.5L8 16l2.5-5.5z',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  dollar:
    'M12 2v20M17 6.5C16 5 14.2 4.5 12 4.5c-3 0-5 1.3-5 3.5 0 5 10 2.5 10 8 0 2.2-2 3.5-5 3.5-2.4 0-4.3-.7-5.3-2.3',
  chart: 'M3 3v18h18M7 15l4-4 3 3 6-7',
  home: 'M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10',
  phone: 'M5 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A18 18 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M3 5h18v14H3zm0 1 9 7 9-7',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2',
  check: 'm4 12 5 5L20 6',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  ruler: 'M3 17 17 3l4 4L7 21zm4-4 2 2m1-5 2 2m1-5 2 2',
  key: 'M15 7a4 4 0 1 1-3.9 4.8L4 19v2h3v-2h2v-2h2l1.3-1.3A4 4 0 0 1 15 7zm1-1h.01',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  boat: 'M3 17h18l-3 4H6zm9-14v12M12 4l7 9h-7',
  tree: 'M12 22v-6m0 0-6 0 6-13 6 13z',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z',
  calendar: 'M4 5h16v16H4zm0 5h16M8 3v4m8-4v4',
} as const;

export type IconName = keyof typeof PATHS;

type Props = { name: IconName; className?: string; label?: string };

export function Icon({ name, className = 'size-6', label }: Props) {
  return <StrokeIcon d={PATHS[name]} className={className} strokeWidth="1.8" label={label} />;
}

/** A 24×24 stroke glyph in currentColor: decorative unless given a label (then an image so named). */
export function StrokeIcon({
  d,
  className,
  strokeWidth,
  label,
}: {
  d: string;
  className: string;
  strokeWidth: string;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
