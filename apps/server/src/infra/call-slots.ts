import { sql } from 'drizzle-orm';
import { gatewaySlots } from '../db/schema';
import { type Db, queryRows } from './db';

/**
 * Call slots a far end grants us, shared by every server process on the database (gateway_slots): "at most one call
 * every N ms" holds for the whole site. A caller that gets no slot is told when the next one opens, and waits in
 * its job's schedule rather than in memory.
 */
export interface CallSlots {
  /** Takes the slot `name` if it is open now (the next one then opens `intervalMs` later). */
  take(name: string, intervalMs: number): Promise<{ granted: true } | { granted: false; nextAt: Date }>;
  /** Closes `name` for `ms` from now (a far end that asked us to back off), whatever was open. */
  holdOff(name: string, ms: number): Promise<void>;
}

export function createCallSlots(db: Db): CallSlots {
  return {
    async take(name, intervalMs) {
      // One statement: the row is created or moved on only when its slot is open, so two processes cannot both win.
      const taken = await queryRows<{ name: string }>(
        db,
        sql`
        insert into ${gatewaySlots} (name, next_at)
        values (${name}, now() + ${intervalMs} * interval '1 millisecond')
        on conflict (name) do update set next_at = now() + ${intervalMs} * interval '1 millisecond'
          where ${gatewaySlots.nextAt} <= now()
        returning name`,
      );
      if (taken.length > 0) return { granted: true };
      const [row] = await db
        .select({ nextAt: gatewaySlots.nextAt })
        .from(gatewaySlots)
        .where(sql`${gatewaySlots.name} = ${name}`);
      return { granted: false, nextAt: row?.nextAt ?? new Date(Date.now() + intervalMs) };
    },

    async holdOff(name, ms) {
      await db.execute(sql`
        insert into ${gatewaySlots} (name, next_at)
        values (${name}, now() + ${ms} * interval '1 millisecond')
        on conflict (name) do update set next_at = greatest(${gatewaySlots.nextAt}, excluded.next_at)`);
    },
  };
}
