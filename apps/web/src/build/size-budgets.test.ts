import { describe, expect, it } from 'vitest';
import { budgetProblems, ceilingFor, forbiddenModules, packageOf } from '../../scripts/size-budgets.mjs';
import budgets from '../../size-budgets.json';
import { PUBLIC_ROUTE_NAMES, ROUTES } from '../lib/routes';

/** scripts/size-budgets.mjs: the rules scripts/size-report.mjs holds each public route's first load to. */
const NM = '../../node_modules';

describe('forbidden modules of a light page', () => {
  it('names the package a bundled module comes from', () => {
    expect(packageOf(`${NM}/antd/es/button/index.js`)).toBe('antd');
    expect(packageOf(`${NM}/@ant-design/icons/es/icons/EyeOutlined.js`)).toBe('@ant-design/icons');
    expect(packageOf(`${NM}/foo/node_modules/rc-util/lib/hooks.js`)).toBe('rc-util');
    expect(packageOf('src/features/faq/index.ts')).toBeNull();
    expect(packageOf('../../packages/shared/src/money.ts')).toBeNull();
  });

  it('finds Ant Design, its rc components and console code', () => {
    expect(
      forbiddenModules([
        `${NM}/react/index.js`,
        `${NM}/antd/es/form/Form.js`,
        `${NM}/@ant-design/cssinjs/es/index.js`,
        `${NM}/@rc-component/trigger/es/index.js`,
        `${NM}/rc-field-form/es/index.js`,
        'src/features/users-admin/components/user-list-page.tsx',
        'src/components/layouts/admin-layout.tsx',
        'src/components/admin-list/admin-list.tsx',
        'src/features/recharge/index.ts',
      ]),
    ).toEqual(['@ant-design/*', 'admin-layout', 'admin-list', 'antd', 'features/users-admin', 'rc-*']);
  });

  it('finds nothing in a page of plain React and the app’s own public code', () => {
    expect(
      forbiddenModules([
        `${NM}/react-dom/cjs/react-dom-client.production.js`,
        `${NM}/antd-style-guide/index.js`,
        `${NM}/arc-text/index.js`,
        'src/features/orders/components/order-result-page.tsx',
        'src/components/layouts/public-layout.tsx',
        'src/features/faq-admin-notes.md',
        '../../packages/shared/src/money.ts',
        'vite/preload-helper.js',
      ]),
    ).toEqual([]);
  });
});

describe('budgets', () => {
  const row = (route: string, kib: number, forbidden: string[] = []) => ({
    route,
    path: `/${route}`,
    brotli: kib * 1024,
    forbidden,
  });

  it('sets a first ceiling at the size rounded up to the next 5 KiB', () => {
    expect(ceilingFor(269.8 * 1024)).toBe(270);
    expect(ceilingFor(270 * 1024)).toBe(270);
    expect(ceilingFor(270 * 1024 + 1)).toBe(275);
  });

  it('passes routes within their ceiling, and antdFree routes without forbidden modules', () => {
    const problems = budgetProblems(
      {
        faq: { ceilingKiB: 90, targetKiB: 90, antdFree: true },
        recharge: { ceilingKiB: 300, targetKiB: 110 },
      },
      [row('faq', 90), row('recharge', 299.9, ['antd'])],
    );
    expect(problems).toEqual([]);
  });

  it('fails a route over its ceiling, and an antdFree route that still loads Ant Design or console code', () => {
    const problems = budgetProblems(
      { faq: { ceilingKiB: 90, targetKiB: 90 }, about: { ceilingKiB: 80, targetKiB: 90, antdFree: true } },
      [row('faq', 90.1), row('about', 70, ['admin-list', 'antd'])],
    );
    expect(problems).toEqual([
      'public route faq (/faq) loads 90.1 KiB brotli first, over its ceiling of 90 KiB',
      'public route about (/about) is marked antdFree but its first load holds admin-list, antd',
    ]);
  });

  it('fails a route without a budget, a budget for no route and a malformed budget', () => {
    const problems = budgetProblems(
      {
        faq: { ceilingKiB: 90, targetKiB: 90, antdfree: true },
        gone: { ceilingKiB: 90, targetKiB: 90 },
        recharge: { ceilingKiB: '300', targetKiB: 110 },
      },
      [row('faq', 10), row('recharge', 10), row('portal', 10)],
    );
    expect(problems).toEqual([
      'size-budgets.json: faq must be { ceilingKiB: number, targetKiB: number, antdFree?: boolean } (unknown antdfree)',
      'size-budgets.json names gone, which is no public route',
      'size-budgets.json: recharge must be { ceilingKiB: number, targetKiB: number, antdFree?: boolean }',
      'public route portal (/portal) has no entry in size-budgets.json',
    ]);
  });

  it('size-budgets.json holds every public route, with the targets of issue #14 and ceilings in 5 KiB steps', () => {
    expect(Object.keys(budgets)).toEqual([...PUBLIC_ROUTE_NAMES]);
    for (const [name, budget] of Object.entries(budgets)) {
      const heavy = ['/recharge', '/home-order'].includes(ROUTES[name as keyof typeof budgets].path);
      expect(budget.targetKiB, name).toBe(heavy ? 110 : 90);
      expect(budget.ceilingKiB % 5, name).toBe(0);
      expect(budget.ceilingKiB, name).toBeGreaterThan(0);
      expect(typeof budget.antdFree, name).toBe('boolean');
    }
  });
});
