import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An icon component (@ant-design/icons), drawn hidden from screen readers beside the action's text. */
export type TActionIcon = ComponentType<{ 'aria-hidden'?: boolean | 'true' | 'false' }>;

/** What a confirmation dialog asks before an action runs; OK runs it. */
export interface TConfirmation {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  /** OK in the danger colour. */
  danger?: boolean;
}

interface TActionBase<Row> {
  key: string;
  /** Visible text. */
  label: string;
  /** Accessible name, which says which row ('Delete user alice'). */
  name: (row: Row) => string;
  icon: TActionIcon;
  /** Offered only on the rows it is true for (Handle on pending feedback only). */
  shownIf?: (row: Row) => boolean;
}

/** An action that opens another screen (Edit). */
export interface TLinkAction<Row> extends TActionBase<Row> {
  to: (row: Row) => string;
}

/** An action that runs something: a link-style button, confirmed first if `confirm` says so. */
export interface TRunAction<Row> extends TActionBase<Row> {
  onRun: (row: Row) => unknown;
  /** In the danger colour (delete, pause, refund). */
  danger?: boolean;
  /** 'delete': SPEC.md §5's delete confirmation ('Are you sure?'); or the row's own question. */
  confirm?: 'delete' | ((row: Row) => TConfirmation);
  /** Spins while the row's call runs. */
  pending?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
}

/** Actions whose number depends on the row (one per extra payment of an order), in the place of the group. */
export interface TActionGroup<Row> {
  key: string;
  each: (row: Row) => readonly TRowAction<Row>[];
}

export type TRowAction<Row> = TLinkAction<Row> | TRunAction<Row> | TActionGroup<Row>;
type TSingleAction<Row> = TLinkAction<Row> | TRunAction<Row>;

/** The actions offered on `row`, in declaration order, groups spelled out. */
export function actionsOn<Row>(actions: readonly TRowAction<Row>[], row: Row): TSingleAction<Row>[] {
  return actions.flatMap((action) => {
    if ('each' in action) return actionsOn(action.each(row), row);
    return action.shownIf && !action.shownIf(row) ? [] : [action];
  });
}

/** The Edit link of a row: the pencil and `label`, to the row's edit screen. */
export function editAction<Row>(action: Omit<TLinkAction<Row>, 'key' | 'icon'>): TLinkAction<Row> {
  return { key: 'edit', icon: EditOutlined, ...action };
}

/** The Delete button of a row: the bin, in red, after SPEC.md §5's confirmation. */
export function deleteAction<Row>(
  action: Omit<TRunAction<Row>, 'key' | 'icon' | 'danger' | 'confirm'>,
): TRunAction<Row> {
  return { key: 'delete', icon: DeleteOutlined, danger: true, confirm: 'delete', ...action };
}

/**
 * A confirmation's texts as the locale files hold them, under `key`: `title`, `text`, `ok` and `cancel` (common's
 * `confirmDelete`, a feature's `confirm`), the first two filled in with `values`.
 */
export function confirmation(
  t: (key: string, options?: Record<string, unknown>) => string,
  key: string,
  values: Record<string, unknown> = {},
): TConfirmation {
  return {
    title: t(`${key}.title`, values),
    content: t(`${key}.text`, values),
    okText: t(`${key}.ok`),
    cancelText: t(`${key}.cancel`),
  };
}

/** The buttons and links of `actions` for one row (render only actions that actionsOn offers). */
export function RowActions<Row>(props: {
  row: Row;
  actions: readonly TSingleAction<Row>[];
  className?: string | undefined;
}) {
  const { row, actions, className } = props;
  const { t } = useTranslation('common');
  const { modal } = App.useApp();

  const run = (action: TRunAction<Row>): void => {
    if (!action.confirm) {
      void action.onRun(row);
      return;
    }
    // SPEC.md §5's delete confirmation ('Are you sure?' … 'Yes, delete it!'), its OK in red.
    const { danger, ...texts } =
      action.confirm === 'delete'
        ? { ...confirmation(t, 'confirmDelete'), danger: true }
        : action.confirm(row);
    modal.confirm({
      ...texts,
      ...(danger ? { okButtonProps: { danger: true } } : {}),
      centered: true,
      // The dialog's OK spins until the action has run (and shown how it went).
      onOk: () => action.onRun(row),
    });
  };

  const render = (action: TSingleAction<Row>): ReactNode => {
    const Icon = action.icon;
    if ('to' in action) {
      return (
        <Link
          key={action.key}
          className="admin-list__action"
          to={action.to(row)}
          aria-label={action.name(row)}
        >
          <Icon aria-hidden="true" /> {action.label}
        </Link>
      );
    }
    return (
      <Button
        key={action.key}
        type="link"
        danger={action.danger}
        icon={<Icon aria-hidden="true" />}
        aria-label={action.name(row)}
        loading={action.pending?.(row)}
        disabled={action.disabled?.(row)}
        onClick={() => run(action)}
      >
        {action.label}
      </Button>
    );
  };

  return (
    <div className={className ? `admin-list__row-actions ${className}` : 'admin-list__row-actions'}>
      {actions.map(render)}
    </div>
  );
}
