/**
 * Reads the route table without running it: for each route of src/lib/routes.ts its name, path and layout, with
 * the module and export of the page src/app/route-table.ts loads for it, plus the admin layout's. The build needs
 * this after `vite build` (scripts/size-report.mjs, to know which chunks belong to the public storefront and which
 * to the console; scripts/prerender.mjs; the console's route list in vite.config.ts), and Node cannot import the
 * TypeScript files themselves (nor their pages).
 *
 * Both files are parsed with the TypeScript compiler (`ts.createSourceFile`) and read from the syntax tree. Only the
 * shapes they are written in are understood, and anything else throws rather than being guessed at:
 * - routes.ts: one `defineRoutes({ name: { path: '…', layout: 'public' | 'admin', … }, … })`, and no import();
 * - route-table.ts: `PUBLIC_PAGE_LOADERS = { name: () => import('…').then((m) => m.Page), … }` with one entry per
 *   public route, `ADMIN_PAGE_LOADERS = { … }` the same for the admin routes,
 *   `ADMIN_LAYOUT = () => import('…').then((m) => m.Layout)`, and no other import().
 * src/app/route-table.test.ts checks that what it reads is what the router runs, page module and export included.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The two files, relative to apps/web. */
export const ROUTES_FILE = 'src/lib/routes.ts';
export const PAGES_FILE = 'src/app/route-table.ts';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A syntax tree of `source`; a file with syntax errors is refused (the parser would have guessed its shape). */
function parse(source, file) {
  const { diagnostics = [] } = ts.transpileModule(source, { fileName: file, reportDiagnostics: true });
  if (diagnostics.length > 0) {
    const message = ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n');
    throw new Error(`route table: ${file} does not parse: ${message}`);
  }
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** `file:line` of a node, for the errors. */
function where(node) {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName}:${line + 1}`;
}

/** Every node of the tree, depth first. */
function* nodes(node) {
  yield node;
  const children = [];
  ts.forEachChild(node, (child) => {
    children.push(child);
  });
  for (const child of children) yield* nodes(child);
}

const isLazyImport = (node) =>
  ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;

/** The `key: value` pairs of an object literal, in order; a spread, method, shorthand or computed key throws. */
function properties(object, what) {
  const seen = new Set();
  return object.properties.map((property) => {
    if (!ts.isPropertyAssignment(property))
      throw new Error(`route table: ${what} holds something other than \`key: value\` (${where(property)})`);
    const { name } = property;
    if (!ts.isIdentifier(name) && !ts.isStringLiteral(name))
      throw new Error(`route table: ${what} has a key that is not a name or a string (${where(property)})`);
    if (seen.has(name.text))
      throw new Error(`route table: ${what} names ${name.text} twice (${where(property)})`);
    seen.add(name.text);
    return { name: name.text, value: property.initializer };
  });
}

/** The object literal `const NAME = { … }` (optionally `{ … } satisfies T`) of the file's top level. */
function topLevelConst(sourceFile, name) {
  const found = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) found.push(declaration);
    }
  }
  if (found.length !== 1 || !found[0].initializer)
    throw new Error(`route table: ${sourceFile.fileName} has no single \`const ${name} = …\``);
  return found[0].initializer;
}

/** `../features/portal` from src/app/route-table.ts → `src/features/portal/index.ts` (as Vite's manifest names it). */
function resolveModule(specifier, file, root) {
  const base = path.resolve(path.dirname(path.join(root, file)), specifier);
  for (const ext of EXTENSIONS) {
    if (existsSync(base + ext))
      return path
        .relative(root, base + ext)
        .split(path.sep)
        .join('/');
  }
  throw new Error(`route table: ${specifier} names no module`);
}

/** The module and export of `() => import('…').then((m) => m.Page)`. */
function pageOf(node, what, root) {
  const refuse = () => {
    throw new Error(`route table: ${what} is not \`() => import('…').then((m) => m.Page)\` (${where(node)})`);
  };
  if (!ts.isArrowFunction(node) || node.parameters.length !== 0) refuse();
  const then = node.body;
  if (!ts.isCallExpression(then) || then.arguments.length !== 1) refuse();
  const access = then.expression;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'then') refuse();
  const load = access.expression;
  if (!isLazyImport(load) || load.arguments.length !== 1 || !ts.isStringLiteral(load.arguments[0])) refuse();
  const pick = then.arguments[0];
  if (!ts.isArrowFunction(pick) || pick.parameters.length !== 1) refuse();
  const [parameter] = pick.parameters;
  if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken || parameter.initializer) refuse();
  const picked = pick.body;
  if (
    !ts.isPropertyAccessExpression(picked) ||
    !ts.isIdentifier(picked.expression) ||
    picked.expression.text !== parameter.name.text
  )
    refuse();
  return {
    module: resolveModule(load.arguments[0].text, node.getSourceFile().fileName, root),
    export: picked.name.text,
  };
}

/** The routes of lib/routes.ts in table order: `{ name, path, layout }`. */
function readRoutes(sourceFile) {
  const lazy = [...nodes(sourceFile)].find(isLazyImport);
  if (lazy) throw new Error(`route table: ${ROUTES_FILE} lazily imports a module (${where(lazy)})`);
  const calls = [...nodes(sourceFile)].filter(
    (node) =>
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineRoutes',
  );
  if (calls.length !== 1)
    throw new Error(`route table: expected exactly one defineRoutes({ … }) in ${ROUTES_FILE}`);
  const [table] = calls[0].arguments;
  if (calls[0].arguments.length !== 1 || !ts.isObjectLiteralExpression(table))
    throw new Error(`route table: defineRoutes takes one object literal (${where(calls[0])})`);
  return properties(table, 'the table').map(({ name, value }) => {
    if (!ts.isObjectLiteralExpression(value))
      throw new Error(`route table: route ${name} is not an object literal (${where(value)})`);
    const props = properties(value, `route ${name}`);
    const text = (key) => {
      const prop = props.find((p) => p.name === key);
      if (!prop || !ts.isStringLiteral(prop.value))
        throw new Error(`route table: route ${name} has no plain string ${key} (${where(value)})`);
      return prop.value.text;
    };
    const layout = text('layout');
    if (layout !== 'public' && layout !== 'admin')
      throw new Error(`route table: route ${name} has layout ${layout} (${where(value)})`);
    return { name, path: text('path'), layout };
  });
}

/** The page tables of app/route-table.ts, one per layout. */
const PAGE_TABLES = { public: 'PUBLIC_PAGE_LOADERS', admin: 'ADMIN_PAGE_LOADERS' };

/** The pages of app/route-table.ts by layout and route name, and the admin layout's. */
function readPages(sourceFile, root) {
  const pages = {};
  let count = 0;
  for (const [layout, table] of Object.entries(PAGE_TABLES)) {
    let loaders = topLevelConst(sourceFile, table);
    if (ts.isSatisfiesExpression(loaders)) loaders = loaders.expression;
    if (!ts.isObjectLiteralExpression(loaders))
      throw new Error(`route table: ${table} is not an object literal (${where(loaders)})`);
    pages[layout] = new Map(
      properties(loaders, table).map(({ name, value }) => [
        name,
        pageOf(value, `the page of route ${name}`, root),
      ]),
    );
    count += pages[layout].size;
  }
  const adminLayout = pageOf(topLevelConst(sourceFile, 'ADMIN_LAYOUT'), 'ADMIN_LAYOUT', root);
  const imports = [...nodes(sourceFile)].filter(isLazyImport).length;
  if (imports !== count + 1) {
    throw new Error(
      `route table: ${PAGES_FILE} holds ${imports} lazy imports but ${count} pages and the admin layout were read`,
    );
  }
  return { pages, adminLayout };
}

/**
 * The routes of `sources.routes` (the text of src/lib/routes.ts) in table order, each with the page of
 * `sources.pages` (the text of src/app/route-table.ts): `{ name, path, layout, page: { module, export } }`, modules
 * relative to `root` (apps/web); and the admin layout's page.
 */
export function parseRouteTable(sources, root) {
  const routes = readRoutes(parse(sources.routes, ROUTES_FILE));
  const { pages, adminLayout } = readPages(parse(sources.pages, PAGES_FILE), root);
  const withPages = routes.map((route) => {
    const page = pages[route.layout].get(route.name);
    if (!page)
      throw new Error(
        `route table: route ${route.name} has no page in ${PAGE_TABLES[route.layout]} (${PAGES_FILE})`,
      );
    return { ...route, page };
  });
  for (const [layout, table] of Object.entries(PAGE_TABLES)) {
    const names = new Set(routes.filter((route) => route.layout === layout).map((route) => route.name));
    const strays = [...pages[layout].keys()].filter((name) => !names.has(name));
    if (strays.length > 0)
      throw new Error(`route table: ${table} holds pages for no ${layout} route: ${strays.join(', ')}`);
  }
  return { routes: withPages, adminLayout };
}

/** parseRouteTable of the two files as they are on disk under `root` (apps/web). */
export function readRouteTable(root) {
  const read = (file) => readFileSync(path.join(root, file), 'utf8');
  return parseRouteTable({ routes: read(ROUTES_FILE), pages: read(PAGES_FILE) }, root);
}
