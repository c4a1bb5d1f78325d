import type { ReactNode } from 'react';

/** Centres a content page and gives it breathing room on every screen width. */
export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div
      style={{ maxWidth: narrow ? 880 : 1160, margin: '0 auto', padding: 'clamp(16px, 4vw, 40px) 16px 48px' }}
    >
      {children}
    </div>
  );
}
