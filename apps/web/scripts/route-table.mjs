/**
 * Reads the route table (src/lib/routes.ts) without running it: for each route its name, path, layout and the
 * module and export of its lazily imported page, plus the admin layout's. scripts/size-report.mjs needs this after
 * `vite build` to know which chunks belong to the public storefront and which to the console, and Node cannot import
 * the TypeScript table itself (nor its pages).
 *
 * A small scanner instead of a TypeScript parser, so the build needs no extra dependency. It understands the one
 * shape the table is written in (`name: { path: '…', layout: '…', …, page: () => import('…').then((m) => m.X) }`)
 * and throws on anything else rather than guess. src/lib/routes.test.ts checks that what it reads is what the
 * running table holds, page module and export included.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const TABLE_START = /\bdefineRoutes\(\s*\{/g;
const PAGE_IMPORT =
  /^\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\1\s*\)\s*\.then\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\3\.(\w+)\s*,?\s*\)$/;
const ADMIN_LAYOUT =
  /export const ADMIN_LAYOUT\b[^=]*=\s*(\(\)\s*=>\s*import\([^)]*\)\s*\.then\(\s*\(?\s*\w+\s*\)?\s*=>\s*\w+\.\w+\s*,?\s*\))/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Index just past the string, comment or template literal that starts at `i`, or `i` when none does. */
function skipNonCode(source, i) {
  const char = source[i];
  if (char === '/' && source[i + 1] === '/') {
    const end = source.indexOf('\n', i);
    return end === -1 ? source.length : end;
  }
  if (char === '/' && source[i + 1] === '*') {
    const end = source.indexOf('*/', i + 2);
    if (end === -1) throw new Error('route table: unterminated comment');
    return end + 2;
  }
  if (char === "'" || char === '"' || char === '`') {
    let j = i + 1;
    while (j < source.length && source[j] !== char) j += source[j] === '\\' ? 2 : 1;
    if (j >= source.length) throw new Error('route table: unterminated string');
    return j + 1;
  }
  return i;
}

function withoutComments(source) {
  let text = '';
  let i = 0;
  while (i < source.length) {
    const after = skipNonCode(source, i);
    if (after === i) text += source[i++];
    else {
      if (source[i] !== '/') text += source.slice(i, after);
      i = after;
    }
  }
  return text;
}

/** Index of the bracket that closes the one opened at `open`. */
function closingBracket(source, open) {
  const pairs = { '{': '}', '(': ')', '[': ']' };
  const stack = [];
  let i = open;
  while (i < source.length) {
    const skipped = skipNonCode(source, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = source[i];
    if (pairs[char]) stack.push(pairs[char]);
    else if (char === '}' || char === ')' || char === ']') {
      if (stack.pop() !== char) throw new Error(`route table: unbalanced ${char} at ${i}`);
      if (stack.length === 0) return i;
    }
    i++;
  }
  throw new Error('route table: unbalanced brackets');
}

/** The top-level `key: value` pairs of the object literal between `open` and its closing brace. */
function properties(source, open) {
  const close = closingBracket(source, open);
  const result = [];
  let i = open + 1;
  while (i < close) {
    const skipped = skipNonCode(source, i);
    if (skipped !== i && !/['"]/.test(source[i])) {
      i = skipped;
      continue;
    }
    if (/[\s,]/.test(source[i])) {
      i++;
      continue;
    }
    const key = /^(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*:\s*/.exec(source.slice(i, close));
    if (!key) throw new Error(`route table: cannot read a property at ${source.slice(i, i + 40)}`);
    const name = key[1] ?? key[2] ?? key[3];
    let j = i + key[0].length;
    const start = j;
    // The value runs to the next comma at this depth.
    while (j < close) {
      const after = skipNonCode(source, j);
      if (after !== j) {
        j = after;
        continue;
      }
      const char = source[j];
      if (char === '{' || char === '(' || char === '[') j = closingBracket(source, j) + 1;
      else if (char === ',') break;
      else j++;
    }
    result.push({ name, value: source.slice(start, j).trim() });
    i = j + 1;
  }
  return result;
}

function stringValue(route, props, key) {
  const prop = props.find((p) => p.name === key);
  const match = prop && /^(['"])([^'"]*)\1$/.exec(prop.value);
  if (!match) throw new Error(`route table: route ${route} has no plain string ${key}`);
  return match[2];
}

/** `../features/portal` from src/lib/routes.ts → `src/features/portal/index.ts` (as Vite's manifest names it). */
function resolveModule(specifier, tableFile, root) {
  const base = path.resolve(path.dirname(tableFile), specifier);
  for (const ext of EXTENSIONS) {
    if (existsSync(base + ext))
      return path
        .relative(root, base + ext)
        .split(path.sep)
        .join('/');
  }
  throw new Error(`route table: ${specifier} names no module`);
}

function pageOf(text, what, tableFile, root) {
  const match = PAGE_IMPORT.exec(text.replace(/\s+/g, ' ').trim());
  if (!match) throw new Error(`route table: ${what} is not \`() => import('…').then((m) => m.Page)\``);
  return { module: resolveModule(match[2], tableFile, root), export: match[4] };
}

/**
 * The routes of `source` (the text of `tableFile`), in table order: `{ name, path, layout, page: { module, export } }`,
 * modules relative to `root` (apps/web); and the admin layout's page.
 */
export function parseRouteTable(source, tableFile, root) {
  const starts = [...source.matchAll(TABLE_START)];
  if (starts.length !== 1) throw new Error('route table: expected exactly one defineRoutes({ … })');
  const open = (starts[0]?.index ?? 0) + (starts[0]?.[0].length ?? 0) - 1;
  const routes = properties(source, open).map(({ name, value }) => {
    if (!value.startsWith('{')) throw new Error(`route table: route ${name} is not an object literal`);
    const props = properties(value, 0);
    const page = props.find((p) => p.name === 'page');
    if (!page) throw new Error(`route table: route ${name} has no page`);
    const layout = stringValue(name, props, 'layout');
    if (layout !== 'public' && layout !== 'admin')
      throw new Error(`route table: route ${name} has layout ${layout}`);
    return {
      name,
      path: stringValue(name, props, 'path'),
      layout,
      page: pageOf(page.value, `the page of route ${name}`, tableFile, root),
    };
  });
  const layout = ADMIN_LAYOUT.exec(source);
  if (!layout?.[1]) throw new Error('route table: no `export const ADMIN_LAYOUT = () => import(…)…`');
  const adminLayout = pageOf(layout[1], 'ADMIN_LAYOUT', tableFile, root);
  const imports = withoutComments(source).match(/\bimport\(/g)?.length ?? 0;
  if (imports !== routes.length + 1) {
    throw new Error(
      `route table: ${imports} lazy imports but ${routes.length} routes and the admin layout were read`,
    );
  }
  return { routes, adminLayout };
}
