import { isIP } from 'node:net';
import { MSG, type TRiskBlocklistKind } from '@ezrecharge/shared';
import { type SQL, sql } from 'drizzle-orm';
import { riskBlocklist } from '../../db/schema';
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

/** The keys of an order being placed. */
export interface BlockKeys {
  bigoId: string;
  email: string;
  ip: string;
}

/**
 * A query for the blocklist entry in force that matches the order's keys, if any (its id and kind): its BIGO ID,
 * its e-mail, its e-mail's domain (or a parent domain of it), or its address (or a range holding it, compared as
 * PostgreSQL's inet: `10.99.0.0/16 >>= 10.99.4.7`; an address holds itself). Part of the one statement of the rules
 * at commit (risk-rules.ts commitFindings). An address the client sent that is none (an unknown peer) matches no
 * entry of kind ip; the entries' values are canonical (normalBlocklistValue), so each casts.
 */
export function blockedByClause(keys: BlockKeys, now: Date): SQL {
  const email = keys.email.toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  // The domain and its parents, one per line (a blocked domain is [a-z0-9-.]: one with a space matches none).
  const domains = labels
    .slice(0, -1)
    .map((_, i) => labels.slice(i).join('.'))
    .filter((d) => !/\s/u.test(d))
    .join('\n');
  const ip = canonicalAddress(keys.ip);
  // Not an address (an unknown peer): null, inside no range.
  const address = isIP(ip) ? ip : null;
  return sql`select b.id, b.kind from ${riskBlocklist} b
    where (b.expires_at is null or b.expires_at > ${now.toISOString()}::timestamptz) and (
      (b.kind = 'bigo_id' and b.value = ${keys.bigoId}::text)
      or (b.kind = 'email' and b.value = ${email}::text)
      or (b.kind = 'email_domain' and b.value = any(string_to_array(${domains}::text, E'\\n')))
      or (b.kind = 'ip' and case when b.kind = 'ip' then b.value::inet >>= ${address}::inet else false end)
    )
    order by b.id
    limit 1`;
}
