import { BlockList, isIP } from 'node:net';
import { MSG, type TRiskBlocklistKind } from '@ezrecharge/shared';
import { and, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { riskBlocklist } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';

/**
 * Issue #29: the blocklist's values as the rules compare them. A BIGO ID as typed; an e-mail and a domain in lower
 * case (a domain without a leading "@"); an address as its canonical text (IPv4-mapped IPv6 as IPv4), a CIDR range
 * as `address/prefix`.
 */
export function normalBlocklistValue(kind: TRiskBlocklistKind, raw: string): string {
  const value = raw.trim();
  const invalid = () =>
    AppError.badRequest(MSG.risk_blocklist_value_invalid, { value: MSG.risk_blocklist_value_invalid });
  switch (kind) {
    case 'bigo_id':
      if (!/^[\w.-]{1,64}$/u.test(value)) throw invalid();
      return value;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(value)) throw invalid();
      return value.toLowerCase();
    case 'email_domain': {
      const domain = value.replace(/^@/, '').toLowerCase();
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/u.test(domain)) throw invalid();
      return domain;
    }
    case 'ip': {
      const [address = '', prefix, ...rest] = value.split('/');
      const plain = canonicalAddress(address);
      const family = isIP(plain);
      if (!family || rest.length > 0) throw invalid();
      if (prefix === undefined) return plain;
      const bits = Number(prefix);
      if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw invalid();
      return `${plain}/${bits}`;
    }
  }
}

/** An address as the rules compare it: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4, IPv6 in lower case. */
export function canonicalAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

/** Whether `address` is `entry` (an address) or inside it (a CIDR range). */
export function addressMatches(entry: string, address: string): boolean {
  const ip = canonicalAddress(address);
  const family = isIP(ip);
  if (!family) return false;
  const [base = '', prefix] = entry.split('/');
  if (prefix === undefined) return base === ip;
  const baseFamily = isIP(base);
  if (baseFamily !== family) return false;
  const list = new BlockList();
  list.addSubnet(base, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Entries in force at `now` (no expiry, or one still ahead). */
export function activeEntry(now: Date): SQL {
  return or(isNull(riskBlocklist.expiresAt), gt(riskBlocklist.expiresAt, now)) as SQL;
}

/** The keys of an order being placed. */
export interface BlockKeys {
  bigoId: string;
  email: string;
  ip: string;
}

/**
 * The blocklist entry in force that matches the order's keys, if any: its BIGO ID, its e-mail, its e-mail's domain
 * (or a parent domain of it), or its address (or a range holding it). One indexed read, plus the address ranges
 * (few: an operator types each one).
 */
export async function blockedBy(
  db: DbOrTx,
  keys: BlockKeys,
  now: Date,
): Promise<{ id: number; kind: string } | undefined> {
  const email = keys.email.toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  const domains = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  const ip = canonicalAddress(keys.ip);
  const rows = await db
    .select({ id: riskBlocklist.id, kind: riskBlocklist.kind, value: riskBlocklist.value })
    .from(riskBlocklist)
    .where(
      and(
        activeEntry(now),
        or(
          and(sql`${riskBlocklist.kind} = 'bigo_id'`, sql`${riskBlocklist.value} = ${keys.bigoId}`),
          and(sql`${riskBlocklist.kind} = 'email'`, sql`${riskBlocklist.value} = ${email}`),
          domains.length > 0
            ? and(sql`${riskBlocklist.kind} = 'email_domain'`, inArray(riskBlocklist.value, domains))
            : sql`false`,
          and(
            sql`${riskBlocklist.kind} = 'ip'`,
            or(sql`${riskBlocklist.value} = ${ip}`, sql`${riskBlocklist.value} like '%/%'`),
          ),
        ),
      ),
    )
    .limit(1000);
  return rows.find((r) => r.kind !== 'ip' || addressMatches(r.value, ip));
}
