/**
 * The rules scripts/size-report.mjs enforces on each public route's first load, kept apart from the report so
 * src/build/size-budgets.test.ts can try them without a build: which bundled modules a light storefront page must
 * not load, and how a route is held to its entry of size-budgets.json (the file is described in size-report.mjs).
 */

/** The npm package a module path lies in (the innermost node_modules), or null for the app's own code. */
export function packageOf(moduleId) {
  const at = moduleId.lastIndexOf('node_modules/');
  if (at === -1 || (at > 0 && moduleId[at - 1] !== '/')) return null;
  return /^(?:@[^/]+\/)?[^/]+(?=\/)/.exec(moduleId.slice(at + 'node_modules/'.length))?.[0] ?? null;
}

/**
 * What of `moduleIds` (as dist/.vite/chunk-modules.json names them, relative to apps/web) a public page must not
 * load: Ant Design and its parts (`antd`, `@ant-design/*`, `rc-*` and `@rc-component/*`, the components it is
 * built of) and console code (`features/<x>-admin`, the admin layout, the admin list). Sorted labels, each once.
 */
export function forbiddenModules(moduleIds) {
  const labels = new Set();
  for (const id of moduleIds) {
    const pkg = packageOf(id);
    if (pkg === 'antd') labels.add('antd');
    else if (pkg?.startsWith('@ant-design/')) labels.add('@ant-design/*');
    else if (pkg?.startsWith('rc-') || pkg?.startsWith('@rc-component/')) labels.add('rc-*');
    else if (pkg === null) {
      const feature = /^src\/features\/([^/]+-admin)\//.exec(id);
      if (feature) labels.add(`features/${feature[1]}`);
      else if (/^src\/components\/layouts\/admin-layout\b/.test(id)) labels.add('admin-layout');
      else if (/^src\/components\/admin-list\//.test(id)) labels.add('admin-list');
    }
  }
  return [...labels].sort();
}

const KIB = 1024;
const BUDGET_KEYS = new Set(['ceilingKiB', 'targetKiB', 'antdFree']);

/** A ceiling for `bytes` as first set: the size rounded up to the next 5 KiB. */
export function ceilingFor(bytes) {
  return Math.ceil(bytes / KIB / 5) * 5;
}

/**
 * Problems of `budgets` (the parsed size-budgets.json) against the measured `rows`
 * (`{ route, path, brotli, forbidden }`, one per public route, brotli in bytes): a route without a budget, a budget
 * for no public route, a malformed entry, a route over its ceiling, an `antdFree` route that loads forbidden modules.
 */
export function budgetProblems(budgets, rows) {
  const problems = [];
  const routes = new Set(rows.map((row) => row.route));
  for (const [route, budget] of Object.entries(budgets)) {
    if (!routes.has(route)) {
      problems.push(`size-budgets.json names ${route}, which is no public route`);
      continue;
    }
    const unknown = Object.keys(budget ?? {}).filter((key) => !BUDGET_KEYS.has(key));
    const positive = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
    if (
      unknown.length > 0 ||
      !positive(budget.ceilingKiB) ||
      !positive(budget.targetKiB) ||
      !['boolean', 'undefined'].includes(typeof budget.antdFree)
    ) {
      problems.push(
        `size-budgets.json: ${route} must be { ceilingKiB: number, targetKiB: number, antdFree?: boolean }` +
          (unknown.length > 0 ? ` (unknown ${unknown.join(', ')})` : ''),
      );
    }
  }
  for (const row of rows) {
    const budget = budgets[row.route];
    if (!budget) {
      problems.push(`public route ${row.route} (${row.path}) has no entry in size-budgets.json`);
      continue;
    }
    if (typeof budget.ceilingKiB === 'number' && row.brotli > budget.ceilingKiB * KIB) {
      problems.push(
        `public route ${row.route} (${row.path}) loads ${(row.brotli / KIB).toFixed(1)} KiB brotli first, ` +
          `over its ceiling of ${budget.ceilingKiB} KiB`,
      );
    }
    if (budget.antdFree === true && row.forbidden.length > 0) {
      problems.push(
        `public route ${row.route} (${row.path}) is marked antdFree but its first load holds ${row.forbidden.join(', ')}`,
      );
    }
  }
  return problems;
}
