/** A dashboard card: a white panel with an optional title and a body (staff screens). */
import type { ReactNode } from 'react';

type Props = {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div';
};

export function Card({ title, actions, children, className = '', as: Tag = 'section' }: Props) {
  return (
    <Tag className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 ${className}`}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-base font-semibold text-lake-900">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </Tag>
  );
}
