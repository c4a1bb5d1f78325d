/**
 * Server modules in layers (issue #12): a module imports only modules of lower layers, never one of its own layer
 * or above, so no two modules can import each other in a circle, however indirectly. The order's life is the
 * bottom layer: orders, payments, fulfilment and refunds sit on it and it imports none of them. A new module
 * must be placed in a layer (the rule after these refuses one that is not).
 */
const SERVER_MODULE_LAYERS = [
  ['order-lifecycle', 'alerts', 'auth', 'attachments', 'catalogue', 'faq', 'feedback', 'health', 'jobs'],
  // Issue #16: bonuses ride on the order (below) and are granted inside the transactions of the modules above.
  ['rewards'],
  // Issue #28: disputes attach to orders (below); payments applies their events, the overview counts them.
  ['disputes'],
  ['payments', 'fulfilment', 'refunds', 'users'],
  // Issue #29: risk holds a paid order (its subscriber), approves into fulfilment's delivery job and refuses into the
  // refund path; orders asks it at commit.
  ['risk'],
  // Issue #28: the reconciliation applies a lost payment through payments.
  ['orders', 'reconciliation'],
  // Issue #28: sales reads (SQL aggregates over the tables), keeps past days' figures and subscribes to the order's
  // moves (order-lifecycle, below); nothing imports it.
  ['sales'],
];
const MODULES = '^apps/server/src/modules/';

const serverModuleLayerRules = SERVER_MODULE_LAYERS.map((layer, i) => ({
  name: `server-module-layer-${i}`,
  comment:
    `Modules of layer ${i} (${layer.join(', ')}) import only themselves and modules of lower layers ` +
    '(SERVER_MODULE_LAYERS): no cycles between server modules.',
  severity: 'error',
  from: { path: `${MODULES}(${layer.join('|')})/` },
  to: {
    path: MODULES,
    pathNot: `${MODULES}(${['$1', ...SERVER_MODULE_LAYERS.slice(0, i).flat()].join('|')})/`,
  },
}));

/**
 * The web's route names (lib/routes.ts), which every page imports to navigate, and the page loaders of the app side
 * (app/route-table.ts), which lazily import every page: kept apart, so that no page reaches itself through them.
 */
const ROUTE_NAMES = '^apps/web/src/lib/routes\\.ts$';
const PAGE_LOADERS = '^apps/web/src/app/route-table\\.ts$';

/** Import rules of STYLE.md: data flows shared -> features -> app; features never import each other. */
module.exports = {
  forbidden: [
    ...serverModuleLayerRules,
    {
      name: 'server-module-has-a-layer',
      comment: 'Every folder under apps/server/src/modules is placed in SERVER_MODULE_LAYERS.',
      severity: 'error',
      from: { path: MODULES, pathNot: `${MODULES}(${SERVER_MODULE_LAYERS.flat().join('|')})/` },
      to: {},
    },
    {
      name: 'server-modules-below-the-composition-root',
      comment:
        'app.ts, core.ts, composition.ts, main.ts and worker.ts build the modules; a module never imports them ' +
        '(a route plugin declares the services it uses: infra/routes.ts RouteContext).',
      severity: 'error',
      from: { path: MODULES },
      to: { path: '^apps/server/src/(app|core|composition|main|worker)\\.ts$' },
    },
    {
      name: 'only-the-entry-points-import-the-composition-root',
      comment:
        'Issue #27: the composition root (composition.ts) is imported by the entry points only: app.ts (the web ' +
        'process, through core.ts), worker.ts (through core.ts) and core.ts, which opens it; and its own test.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: '^apps/server/src/(app|core|worker|composition\\.test)\\.ts$',
      },
      to: { path: '^apps/server/src/composition\\.ts$' },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is imported by both apps and imports nothing of them.',
      severity: 'error',
      from: { path: '^packages/shared' },
      to: { path: '^apps/' },
    },
    {
      name: 'sandboxes-import-no-shop-code',
      comment:
        'packages/sandboxes plays the vendors: it is written from their documents and imports nothing of the shop it ' +
        'plays against (no app, no other workspace), so a wrong formula on one side cannot agree with itself.',
      severity: 'error',
      from: { path: '^packages/sandboxes/' },
      to: { path: '^(apps/|packages/(?!sandboxes/|vendor-vectors/))' },
    },
    {
      name: 'vendor-vectors-only-in-tests',
      comment:
        "packages/vendor-vectors holds values computed with the vendors' own code, for tests of both sides; no " +
        'running code reads them.',
      severity: 'error',
      from: {
        path: '^(apps|packages)/',
        pathNot: '(\\.test\\.tsx?$|^apps/server/test/|^packages/sandboxes/test/)',
      },
      to: { path: '^packages/vendor-vectors/' },
    },
    {
      name: 'wire-crypto-contract-only-in-tests',
      comment:
        "packages/shared's wire-crypto.contract.ts is a test suite (vitest) that every wire-crypto implementation " +
        'runs: only test files import it.',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$' },
      to: { path: '^packages/shared/src/wire-crypto\\.contract\\.ts$' },
    },
    {
      name: 'shared-imports-no-sandbox',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/sandboxes/' },
    },
    {
      name: 'server-loads-sandboxes-in-one-place',
      comment:
        'Only gateways/sandboxes.ts loads the sandboxes (with a dynamic import, when a vendor has no keys); tests ' +
        'may import them, and infra/sandbox-store.ts their store interface (types only, erased at run time).',
      severity: 'error',
      from: {
        path: '^apps/server/',
        pathNot:
          '^apps/server/(src/gateways/sandboxes\\.ts|src/infra/sandbox-store\\.ts|test/|src/.*\\.test\\.ts$)',
      },
      to: { path: '^packages/sandboxes/' },
    },
    {
      name: 'sandbox-store-imports-types-only',
      severity: 'error',
      from: { path: '^apps/server/src/infra/sandbox-store\\.ts$' },
      to: { path: '^packages/sandboxes/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-imports-no-sandbox',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^packages/sandboxes/' },
    },
    {
      name: 'browser-code-imports-no-english-texts',
      comment:
        "The shared messages' English texts (packages/shared/src/message-texts.ts) are the server's: the web shows a " +
        "key's text from its validation namespace, so code that reaches the browser (the web's, the shared schemas) " +
        'imports only the keys (messages.ts); tests may import the texts.',
      severity: 'error',
      from: {
        path: '^(apps/web/src|packages/shared/src)/',
        pathNot: '(\\.test\\.tsx?$|^apps/web/src/test/|^packages/shared/src/index\\.ts$)',
      },
      to: { path: '^packages/shared/src/message-texts\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'feature-isolation',
      comment: 'A web feature never imports another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lower-layers-do-not-import-up',
      comment: 'lib/ and components/ are shared UI and helpers: they import neither features nor app.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'route-names-are-a-leaf',
      comment:
        'Issue #27: lib/routes.ts (route names, paths, roles, navigation) is imported by the pages to navigate, so ' +
        'it imports no page, feature, component or app module, not even lazily: the pages are named in ' +
        'app/route-table.ts.',
      severity: 'error',
      from: { path: ROUTE_NAMES },
      to: { path: '^apps/web/src/(features|app|components)/' },
    },
    {
      name: 'only-the-app-imports-the-page-loaders',
      comment:
        'app/route-table.ts lazily imports every page; imported from a feature, component or lib module it would ' +
        'close a circle through that page. The app (the router and its tests) alone reads it.',
      severity: 'error',
      from: { pathNot: '^apps/web/src/app/' },
      to: { path: PAGE_LOADERS },
    },
    {
      name: 'server-module-isolation',
      comment:
        'A server module talks to another module only through its service (never its repository or routes).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/.+-(repository|routes)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-infra-is-below-modules',
      severity: 'error',
      from: { path: '^apps/server/src/(infra|gateways|db)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports, lazy ones included (issue #27): a circle through a lazy ' +
        'import runs, but it ties every module on it together for whoever reads or moves one of them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
