import { auditLog } from '../db/schema';
import type { DbOrTx } from './db';

/** One row per admin change (DESIGN.md §9); written in the same transaction as the change it records. */
export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}

/** What an admin change is about: the first part of its action (`faq.update` is about a `faq`). */
export type AuditEntity =
  | 'faq'
  | 'feedback'
  | 'job'
  | 'order'
  | 'price'
  | 'product'
  | 'promotion'
  | 'risk'
  | 'spin'
  | 'user';

/** Who made an admin change, and from where. */
export interface AuditActor {
  id: number | null;
  ip?: string | null | undefined;
}

/** The audit row of `action` (`<entity>.<verb>`) on one entity by `actor`, in the change's transaction. */
export function auditChange(
  tx: DbOrTx,
  actor: AuditActor,
  action: `${AuditEntity}.${string}`,
  entityId: string | number | null,
  detail?: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    actorId: actor.id,
    action,
    entity: action.slice(0, action.indexOf('.')),
    entityId,
    ...(detail ? { detail } : {}),
    ip: actor.ip ?? null,
  });
}
