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
