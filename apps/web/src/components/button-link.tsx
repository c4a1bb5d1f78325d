import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

type TButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/**
 * A link that looks like an antd button (e.g. "Add user"): a real `<a href>` for screen readers, new tabs and
 * middle clicks, with in-app navigation on a plain click.
 */
export function ButtonLink({ to, ...props }: TButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
