/**
 * The lot map drawing: desert, lake, road and one focusable shape per lot, filled by its map
 * category and marked with a pattern and its number, inside a <g> that carries the zoom/pan
 * transform. Without `onSelect` (a lot's own page) lots are links to their pages instead.
 */
import type { KeyboardEvent } from 'react';
import type { PublicLot } from '@lp/contracts';
import { lotPath } from '@lp/contracts/lot-names';
import { MAP_HEIGHT, MAP_WIDTH } from '../lib/plan-size';
import { STYLE_INFO, lotLabel, styleOf } from '../../../lib/lot-status';

type Props = {
  lots: readonly PublicLot[];
  transform?: string;
  selected: number | null;
  onSelect?: (lot: PublicLot) => void;
  title?: string;
};

export function LotPatterns() {
  return (
    <defs>
      <pattern id="lot-hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <path d="M0 0v10" stroke="#0a4a61" strokeWidth="2.5" />
      </pattern>
      <pattern id="lot-dots" width="12" height="12" patternUnits="userSpaceOnUse">
        <circle cx="6" cy="6" r="2.4" fill="#9a3a16" />
      </pattern>
      <pattern id="lot-rings" width="14" height="14" patternUnits="userSpaceOnUse">
        <circle cx="7" cy="7" r="3.5" fill="none" stroke="#6b4f0a" strokeWidth="1.5" />
      </pattern>
      <pattern id="lot-cross" width="12" height="12" patternUnits="userSpaceOnUse">
        <path d="M0 0l12 12M12 0 0 12" stroke="#57534e" strokeWidth="1.5" />
      </pattern>
    </defs>
  );
}

function LotShape({
  lot,
  selected,
  onSelect,
}: {
  lot: PublicLot;
  selected: boolean;
  onSelect?: (lot: PublicLot) => void;
}) {
  const info = STYLE_INFO[styleOf(lot)];
  const { path, label } = lot.outline;
  const shape = (
    <>
      <path d={path} fill={info.fill} />
      {info.pattern && <path d={path} fill={`url(#${info.pattern})`} opacity="0.55" />}
      <path d={path} fill="none" stroke={selected ? '#b8461b' : '#44403c'} strokeWidth={selected ? 5 : 2} />
      <circle cx={label.x} cy={label.y} r="15" fill="#fff" stroke="#44403c" strokeWidth="1.5" />
      <text x={label.x} y={label.y + 5} textAnchor="middle" fontSize="15" fontWeight="700" fill="#1c1917">
        {lot.number}
      </text>
    </>
  );
  const focusRing =
    'cursor-pointer outline-none [&:focus-visible>path:nth-of-type(3)]:stroke-[5] [&:focus-visible>path:nth-of-type(3)]:stroke-lake-600';
  if (!onSelect)
    return (
      <a
        href={lotPath(lot.number)}
        aria-label={lotLabel(lot)}
        aria-current={selected ? 'page' : undefined}
        className={focusRing}
      >
        {shape}
      </a>
    );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(lot);
    }
  };
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={lotLabel(lot)}
      aria-pressed={selected}
      data-lot={lot.number}
      data-status={lot.status}
      onClick={() => onSelect(lot)}
      onKeyDown={onKeyDown}
      className={focusRing}
    >
      {shape}
    </g>
  );
}

export function LotMapSvg({
  lots,
  transform = '',
  selected,
  onSelect,
  title = 'Site plan of the lots near Lake Powell',
}: Props) {
  return (
    <svg
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      className="block size-full select-none"
      aria-label={title}
    >
      <title>{title}</title>
      <LotPatterns />
      <g transform={transform} className="motion-safe:transition-transform">
        <rect x={-2000} y={-2000} width={MAP_WIDTH + 4000} height={MAP_HEIGHT + 4000} fill="#efe2cb" />
        <path
          d="M-2000 -2000h5000v2096h-2000c-60 18-120 4-180 16s-110 30-170 22-120-24-190-14-130 26-200 18S120 110 0 124h-2000z"
          fill="#5fb0cf"
        />
        <path
          d="M-2000 124h2000c120-14 190 12 260 20s130-8 200-18 120 6 180 14 120-10 170-22 120 2 190-16h2000"
          fill="none"
          stroke="#e8cfa4"
          strokeWidth="10"
        />
        <text x="500" y="56" textAnchor="middle" fontSize="26" fontWeight="700" fill="#0a3446">
          Lake Powell
        </text>
        <path
          d="M-2000 322h2000c200-14 400-6 500-4s300 10 500-6h2000v40h-2000c-200 16-400 8-500 6s-300-10-500 4h-2000z"
          fill="#a8a29e"
        />
        <path
          d="M-2000 342h2000c200-14 400-6 500-4s300 10 500-6h2000"
          fill="none"
          stroke="#fafaf9"
          strokeWidth="2"
          strokeDasharray="16 12"
        />
        <text x="58" y="314" fontSize="14" fontWeight="600" fill="#44403c">
          Lakeview Drive
        </text>
        <path d="M40 250l16-36 16 36M56 214v-8" stroke="#44403c" strokeWidth="2" fill="none" />
        <text x="56" y="200" textAnchor="middle" fontSize="14" fontWeight="700" fill="#44403c">
          N
        </text>
        {lots.map((lot) => (
          <LotShape key={lot.number} lot={lot} selected={lot.number === selected} {...(onSelect ? { onSelect } : {})} />
        ))}
      </g>
    </svg>
  );
}
