/** A card with an icon, a title and a short text, for feature and benefit grids. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icons/icon';

type Props = { icon: IconName; title: string; children: ReactNode; headingLevel?: 'h3' | 'h4' };

export function FeatureCard({ icon, title, children, headingLevel: H = 'h3' }: Props) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      <span className="grid size-11 place-items-center rounded-lg bg-lake-50 text-lake-700">
        <Icon name={icon} />
      </span>
      <H className="mt-4 text-lg font-semibold text-lake-900">{title}</H>
      <div className="mt-2 leading-relaxed text-stone-700">{children}</div>
    </div>
  );
}
