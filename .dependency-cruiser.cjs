/** Import rules of STYLE.md: data flows shared -> features -> app; features never import each other. */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is imported by both apps and imports nothing of them.',
      severity: 'error',
      from: { path: '^packages/shared' },
      to: { path: '^apps/' },
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
