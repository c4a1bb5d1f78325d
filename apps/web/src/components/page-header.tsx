import type { ReactNode } from 'react';
import './page-header.css';

interface TPageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links on the right (e.g. "Add user"). */
  extra?: ReactNode;
  /** A link back, shown above the title. */
  back?: ReactNode;
}

/** Title block of the console screens: one h1 per page, an optional line of help and actions. */
export function PageHeader({ title, description, extra, back }: TPageHeaderProps) {
  return (
    <div className="page-header">
      {back && <div className="page-header__back">{back}</div>}
      <div className="page-header__row">
        <div>
          <h1 className="page-header__title">{title}</h1>
          {description && <p className="page-header__description">{description}</p>}
        </div>
        {extra && <div className="page-header__extra">{extra}</div>}
      </div>
    </div>
  );
}
