import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A row's Edit link: the pencil, the visible text, and an accessible name that says which row. */
export function EditRowLink(props: { to: string; label: string; className: string; children: ReactNode }) {
  return (
    <Link className={props.className} to={props.to} aria-label={props.label}>
      <EditOutlined aria-hidden="true" /> {props.children}
    </Link>
  );
}

/** A row's Delete button (red link style): the bin, the visible text, and an accessible name that says which row. */
export function DeleteRowButton(props: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="link"
      danger
      icon={<DeleteOutlined aria-hidden="true" />}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
