import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface TLinkButtonProps {
  to: string;
  children: ReactNode;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
}

/**
 * A button-styled link: a real <a href> (so it can be opened in a new tab and reads as a link), moved by the
 * router on a plain click so the page does not reload.
 */
export function LinkButton({ to, children, type = 'primary', size = 'middle', icon }: TLinkButtonProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Button type={type} size={size} href={to} onClick={onClick} icon={icon}>
      {children}
    </Button>
  );
}
