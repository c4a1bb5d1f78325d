#!/usr/bin/env node
/**
 * Writes the prerendered storefront pages (issue #14) after `vite build` and `vite build --ssr`: for each page of
 * src/app/prerender.tsx and each language, dist/prerendered/<language><path>.html (with the cookie notice, as on a
 * first visit) and dist/prerendered/<language>-accepted<path>.html (without it) — the built index.html with the
 * page's markup in #root, its <html lang>, title and meta description. The server sends the one matching the
 * visitor's `lang` and `cookieAccepted` cookies (apps/server/src/infra/spa.ts); the browser hydrates it when it
 * matches the stored choices (src/app/main.tsx).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readRouteTable } from './route-table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
// The prerender bundle stays in the build: the server draws an order's result page with it (src/app/prerender.tsx).
const ssrDir = path.join(dist, '.ssr');
const outDir = path.join(dist, 'prerendered');
const LANGUAGES = ['en', 'zh'];

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const table = readRouteTable(root);

/** JS and CSS files a chunk brings in through static imports, itself included. */
function staticClosure(key, js = new Set(), css = new Set(), seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return { js, css };
  seen.add(key);
  const chunk = manifest[key];
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, js, css, seen);
  return { js, css };
}

/**
 * A stylesheet written into the page (issue #14: no round trip before the first paint), followed by a
 * non-blocking `media="print"` link of the same file: Vite's loader sees the link and does not add (and wait for)
 * the sheet again when the page's chunk is imported.
 */
function inlineStylesheet(file) {
  const css = readFileSync(path.join(dist, file), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} holds "</style": cannot inline it`);
  return `<style data-href="/${file}">${css.trim()}</style><link rel="stylesheet" crossorigin href="/${file}" media="print">`;
}

/**
 * What the page needs beyond the entry: its chunk's stylesheets, inline (else its own styles would arrive only when
 * its script runs, and the page would shift), and the paths of its scripts and its texts in this language.
 */
function pageNeeds(template, name, page, language) {
  const route = table.routes.find((r) => r.name === name);
  if (!route) throw new Error(`prerender: ${name} is no route of the table`);
  const { js, css } = staticClosure(route.page.module);
  const present = (file) => template.includes(`/${file}"`);
  const styles = [...css].filter((file) => !present(file)).map(inlineStylesheet);
  const modules = [...js].filter((file) => !present(file)).map((file) => `/${file}`);
  for (const namespace of page.texts) {
    const chunk = manifest[`src/locales/${language}/${namespace}.json`];
    if (!chunk) throw new Error(`prerender: no chunk for the ${language} texts of ${namespace}`);
    modules.push(`/${chunk.file}`);
  }
  return { styles, modules };
}

const indent = (lines) => lines.map((line) => `    ${line}\n`).join('');

const paintFirst = manifest['src/app/paint-first.ts']?.file;
if (!paintFirst)
  throw new Error('prerender: the build has no src/app/paint-first.ts chunk (vite.config.ts input)');

/**
 * A page whose text is in its HTML paints without its scripts: the template's module script and modulepreloads
 * give way to src/app/paint-first.ts, which loads the same modules (the entry first, then those of the template
 * and of the page) once the page has been painted. A shell's page is drawn by its scripts: it keeps them in its
 * head, preloaded beside the entry. `data-entry-imports`: how many modules after the entry are its own imports
 * (the template's preloads), which paint-first.ts evaluates before it, one per task.
 */
function scriptTags(template, pageModules, drawn) {
  const entry = template.match(/<script type="module" crossorigin src="(\/[^"]+)"><\/script>/);
  if (!entry) throw new Error('prerender: index.html has no module script');
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g)];
  if (!drawn) {
    return {
      template,
      tags: indent(pageModules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)),
    };
  }
  const modules = [entry[1], ...preloads.map((link) => link[1]), ...pageModules];
  let stripped = template.replace(entry[0], '');
  for (const [link] of preloads) stripped = stripped.replace(link, '');
  return {
    template: stripped.replace(/\n(\s*\n)+/g, '\n'),
    tags: indent([
      `<meta name="ez-modules" content="${modules.join(' ')}" data-entry-imports="${preloads.length}">`,
      `<script type="module" crossorigin src="/${paintFirst}"></script>`,
    ]),
  };
}

/** The entry's stylesheets of index.html, inline like the page's. */
const inlineEntryStylesheets = (html) =>
  html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_link, file) =>
    inlineStylesheet(file),
  );

function pageHtml(template, name, page, language, htmlLang, cookieAccepted) {
  const { styles, modules } = pageNeeds(template, name, page, language);
  const scripts = scriptTags(template, modules, page.html !== '');
  let html = inlineEntryStylesheets(scripts.template)
    .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(language)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/ *<\/head>/, `${indent(styles)}${scripts.tags}  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-language="${language}" data-cookie-notice="${cookieAccepted ? 'accepted' : 'shown'}">${page.html}</div>`,
    );
  if (page.description) {
    const meta = `<meta name="description" content="${escapeHtml(page.description)}" />`;
    const existing = /<meta\s+name="description"[^>]*>/;
    html = existing.test(html)
      ? html.replace(existing, meta)
      : html.replace('</title>', `</title>\n    ${meta}`);
  }
  if (!html.includes(`<div id="root" data-language="${language}"`))
    throw new Error(`prerender: index.html has no empty <div id="root"></div>`);
  return html;
}

// React and the libraries render their production builds, as in the browser bundle.
process.env.NODE_ENV ??= 'production';
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
const { PRERENDERED, VARIANTS, SHELLS, renderPage, renderShell, htmlLang } = await import(entry);

rmSync(outDir, { recursive: true, force: true });
let count = 0;
for (const language of LANGUAGES) {
  for (const cookieAccepted of [false, true]) {
    const folder = cookieAccepted ? `${language}-accepted` : language;
    const pages = [
      ...PRERENDERED.map((name) => ({ name, render: () => renderPage(name, language, cookieAccepted) })),
      ...VARIANTS.map(({ name, search, suffix }) => ({
        name,
        suffix,
        render: () => renderPage(name, language, cookieAccepted, search),
      })),
      ...SHELLS.map((name) => ({ name, render: () => renderShell(name, language) })),
    ];
    for (const { name, render, suffix = '' } of pages) {
      const page = await render();
      const base = page.path === '/' ? 'index' : page.path.slice(1);
      const file = path.join(outDir, folder, `${base}${suffix}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, pageHtml(template, name, page, language, htmlLang, cookieAccepted));
      count++;
    }
  }
}
console.log(
  `prerender: ${count} pages written to dist/prerendered (${LANGUAGES.join(', ')}; with and without the cookie notice)`,
);
