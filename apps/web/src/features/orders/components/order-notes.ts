import type { TOrderNoteJson } from '@ezrecharge/shared/order-notes';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The words of an order's history in the reader's language (issue #32): the notes the server writes (a key of the
 * shared catalogue with its values, `order-notes:notes.<key>`), who acted, and how the buyer paid. Whatever has no
 * text of its own is shown as the server sent it: an event written before notes had keys (its English cause), a
 * key this console does not know yet, a channel code it has no name for.
 */
export interface OrderWords {
  /** The note in the reader's language; `fallback` (the server's English) when there is none or it is unknown. */
  note: (note: TOrderNoteJson | null | undefined, fallback: string) => string;
  /** `system`, `visitor`, `buyer`, `gateway:fiuu`, `user:7`, `admin:1`, with the account's name when known. */
  actor: (actor: string, names?: Readonly<Record<string, string>>) => string;
  /** A payment channel's name (`credit` → Card), or undefined for a code without one. */
  channel: (code: string) => string | undefined;
}

const GATEWAY_NAMES: Readonly<Record<string, string>> = { fiuu: 'Fiuu', stripe: 'Stripe' };

type Has = (key: string) => boolean;

function noteText(t: TFunction, has: Has, note: TOrderNoteJson): string | undefined {
  const key = `notes.${note.key}`;
  if (!has(key)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(note.values ?? {})) {
    values[name] = typeof value === 'object' ? (noteText(t, has, value) ?? value.key) : value;
  }
  return t(key, values);
}

function channelName(t: TFunction, has: Has, code: string): string | undefined {
  const lower = code.toLowerCase();
  const fpx = /^fpx(?:[_-](.+))?$/.exec(lower);
  if (fpx) return fpx[1] ? t('channels.fpxBank', { bank: code.slice(4) }) : t('channels.fpx');
  const key = `channels.${lower.replace(/[\s_]/g, '')}`;
  return has(key) ? t(key) : undefined;
}

function actorName(t: TFunction, actor: string, names?: Readonly<Record<string, string>>): string {
  const [kind = '', id = ''] = actor.split(/:(.*)/s);
  let who: string;
  if (actor === 'system' || actor === 'visitor' || actor === 'buyer') who = t(`actors.${actor}`);
  else if (kind === 'gateway' && id) who = t('actors.gateway', { name: GATEWAY_NAMES[id] ?? id });
  else if ((kind === 'user' || kind === 'admin') && /^\d+$/.test(id)) who = t(`actors.${kind}`, { id });
  else return actor;
  const name = kind === 'user' || kind === 'admin' ? names?.[id] : undefined;
  return name ? t('actors.named', { name, who }) : who;
}

export function useOrderWords(): OrderWords {
  const { t, i18n } = useTranslation('order-notes');
  const has: Has = (key) => i18n.exists(key, { ns: 'order-notes' });
  return {
    note: (note, fallback) => (note ? (noteText(t, has, note) ?? fallback) : fallback),
    actor: (actor, names) => actorName(t, actor, names),
    channel: (code) => channelName(t, has, code),
  };
}
