import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link back above a console screen's title (to its list): the arrow, then where it goes. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to}>
      <ArrowLeftOutlined aria-hidden="true" /> {children}
    </Link>
  );
}
