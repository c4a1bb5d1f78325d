import type { ReactNode } from 'react';
import './content-pages.css';

/** Centres a content page and gives it breathing room on every screen width. */
export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? 'content-page content-page--narrow' : 'content-page'}>{children}</div>;
}
