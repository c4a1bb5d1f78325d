import { Input } from 'antd';
import type { TListFilter } from './admin-list';

/** A free-text filter: a clearable box the browser does not fill in from its history. */
export function textFilter<F extends Record<string, unknown>>(
  name: keyof F & string,
  label: string,
  lang?: string,
): TListFilter<F> {
  return { name, label, control: <Input allowClear autoComplete="off" lang={lang} /> };
}
