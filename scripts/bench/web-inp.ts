/**
 * Interaction to Next Paint on /recharge for `npm run bench:web` (issue #30): a buyer's choices (currency MYR, a
 * pack, the FPX channel, a bank) in a phone-sized tab with 4× CPU slowdown, measured by Lighthouse's timespan mode
 * and by Event Timing entries of the page itself. See web.ts's header.
 */
import { startTimespan } from 'lighthouse';
import type { Browser, ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import { PHONE_VIEWPORT } from './web-browser';

export type TLang = 'en' | 'zh';

/** The CPU slowdown of the INP runs (the issue's "4× CPU slowdown"; Lighthouse's mobile preset uses the same). */
const CPU_SLOWDOWN = 4;
/** Event Timing's smallest threshold: an interaction faster than this leaves no entry. */
const DURATION_THRESHOLD_MS = 16;
const LOAD_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 60_000;
/** After a step's result shows: two frames and this long, so its paint and its entries are in. */
const SETTLE_MS = 300;

export const INP_STEPS = ['currency MYR', 'pack', 'FPX', 'bank'] as const;
type TStep = (typeof INP_STEPS)[number];

/** One interaction (one interactionId) as Event Timing saw it: its longest event. */
export interface InteractionFigure {
  step: TStep | 'outside the steps';
  interactionId: number;
  /** The events of this interaction (keydown, pointerup, click…). */
  events: string[];
  durationMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

export interface StepFigure {
  step: TStep;
  /** What was done: the keys typed or the element tapped. */
  action: string;
  /** The longest interaction of the step; null when none reached 16 ms. */
  maxMs: number | null;
  interactions: InteractionFigure[];
}

export interface InpRun {
  lighthouseVersion: string;
  /** Lighthouse timespan's `interaction-to-next-paint` (null when it saw no interaction). */
  lighthouseInpMs: number | null;
  /** Lighthouse's `inp-breakdown-insight` for that interaction: the element and the subparts in ms. */
  lighthouseInteraction: string;
  lighthousePhases: Record<string, number>;
  /** The longest interaction by Event Timing over the whole span (null when none reached 16 ms). */
  eventInpMs: number | null;
  steps: StepFigure[];
  outside: InteractionFigure[];
  warnings: string[];
  error?: string;
  /** Why earlier tries of this run were run again. */
  retried?: string[];
}

export interface InpResult {
  path: string;
  lang: TLang;
  runs: InpRun[];
  /** Median over the measured runs of Lighthouse's INP (Event Timing's when Lighthouse saw none). */
  medianInpMs: number | null;
  /** Median over the runs of each step's longest interaction (null: under 16 ms in more than half the runs). */
  stepMedianMs: Record<TStep, number | null>;
  /** The slowest interaction of all runs. */
  worst: (InteractionFigure & { run: number }) | null;
  problems: string[];
}

interface RawEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

declare global {
  interface Window {
    __benchEvents?: RawEntry[];
  }
}

/** Registered before the page's scripts: every 'event' entry of at least 16 ms that belongs to an interaction. */
function observeEvents(threshold: number): void {
  window.__benchEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (!e.interactionId) continue;
      window.__benchEvents?.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
      });
    }
  }).observe({ type: 'event', durationThreshold: threshold } as PerformanceObserverInit);
}

/** `promise`, its failure saying what was awaited. */
async function waiting<T>(what: string, promise: Promise<T>, context?: () => string): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    const detail = context ? ` (${context()})` : '';
    throw new Error(`waiting for ${what}: ${err instanceof Error ? err.message : String(err)}${detail}`);
  }
}

/**
 * The tab's requests that have neither finished nor failed, as the network-idle wait counts them: when that wait
 * times out (now and then on a first Chinese visit), the run's message says which requests kept it busy.
 */
function openRequests(page: Page): { describe: () => string } {
  const open = new Map<HTTPRequest, number>();
  const started = Date.now();
  page.on('request', (request) => {
    // A redirect's target is a new request; the one it answered gets no event of its own.
    for (const answered of request.redirectChain()) open.delete(answered);
    open.set(request, Date.now());
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    describe: () =>
      [...open]
        .map(
          ([request, at]) =>
            `${request.method()} ${request.url()} from ${((at - started) / 1000).toFixed(1)} s`,
        )
        .join(', ') || 'none',
  };
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const settle = (page: Page) =>
  page.evaluate(
    (ms) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ms))),
      ),
    SETTLE_MS,
  );

/** The select that offers `value`, or null. */
async function selectOffering(page: Page, value: string): Promise<ElementHandle<HTMLSelectElement> | null> {
  const handle = await page.evaluateHandle(
    (v) =>
      [...document.querySelectorAll('select')].find(
        (s) => !s.disabled && [...s.options].some((o) => o.value === v),
      ) ?? null,
    value,
  );
  const element = handle.asElement() as ElementHandle<HTMLSelectElement> | null;
  if (!element) await handle.dispose();
  return element;
}

/**
 * Chooses `value` in a closed select as a keyboard does: focus, then the option's text typed one key at a time
 * (Chromium's type-ahead) until the select shows it. Returns the keys typed.
 */
async function chooseByTyping(
  page: Page,
  select: ElementHandle<HTMLSelectElement>,
  value: string,
): Promise<string> {
  const label = await select.evaluate(
    (s, v) => [...s.options].find((o) => o.value === v)?.textContent?.trim() ?? '',
    value,
  );
  if (!label) throw new Error(`no option ${value}`);
  await select.evaluate((s) => {
    s.scrollIntoView({ block: 'center' });
    s.focus();
  });
  let typed = '';
  for (const key of label) {
    await page.keyboard.type(key);
    typed += key;
    if ((await select.evaluate((s) => s.value)) === value) return typed;
  }
  throw new Error(`typing "${typed}" did not choose ${value}`);
}

/** Taps an element's middle as a finger does (after scrolling it to the screen's middle, clear of the cookie notice). */
async function tap(element: ElementHandle<Element>): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await element.tap();
}

/** The label of the first pack tile not chosen. */
async function packTile(page: Page): Promise<ElementHandle<Element>> {
  const handle = await page.evaluateHandle(() => {
    const radios = [...document.querySelectorAll<HTMLInputElement>('label.price-tile input[type="radio"]')];
    return radios.find((r) => r.name !== 'pay_channel' && !r.checked)?.closest('label') ?? null;
  });
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error('no pack tile to choose');
  return element;
}

type TInteraction = Omit<InteractionFigure, 'step'> & { startTime: number };

function interactionsOf(entries: RawEntry[]): TInteraction[] {
  const byId = new Map<number, RawEntry[]>();
  for (const e of entries) byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e]);
  return [...byId.entries()].map(([interactionId, list]) => {
    const longest = list.reduce((a, b) => (b.duration > a.duration ? b : a));
    return {
      interactionId,
      startTime: Math.min(...list.map((e) => e.startTime)),
      events: [...new Set(list.map((e) => e.name))],
      durationMs: longest.duration,
      inputDelayMs: Math.round(longest.processingStart - longest.startTime),
      processingMs: Math.round(longest.processingEnd - longest.processingStart),
      presentationMs: Math.round(longest.startTime + longest.duration - longest.processingEnd),
    };
  });
}

/** The element of Lighthouse's INP interaction (its node item's label or selector). */
function nodeLabelOf(details: unknown): string {
  const items = (
    details as { items?: { type?: string; nodeLabel?: string; selector?: string }[] } | undefined
  )?.items;
  const node = items?.find((i) => i.type === 'node');
  return node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})` : '';
}

function phasesOf(details: unknown): Record<string, number> {
  const phases: Record<string, number> = {};
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const item = node as Record<string, unknown>;
    if (typeof item.subpart === 'string' && typeof item.duration === 'number')
      phases[item.subpart] = Math.round(item.duration);
    for (const value of Object.values(item)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(details);
  return phases;
}

/**
 * One INP run: `prepare` makes the tab a first-time visitor in its language, then /recharge loads with 4× CPU
 * slowdown and the buyer's four choices are made inside a Lighthouse timespan.
 */
export async function measureInp(
  browser: Browser,
  url: string,
  prepare: (page: Page) => Promise<void>,
): Promise<InpRun> {
  const page = await browser.newPage();
  try {
    const open = openRequests(page);
    await prepare(page);
    await page.setViewport(PHONE_VIEWPORT);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluateOnNewDocument(observeEvents, DURATION_THRESHOLD_MS);
    await waiting('the page to load', page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS }));
    // The buyer starts once the currencies are there and the page has stopped fetching.
    await waiting(
      'a currency select offering MYR',
      page.waitForFunction(
        () =>
          [...document.querySelectorAll('select')].some(
            (s) => !s.disabled && [...s.options].some((o) => o.value === 'MYR'),
          ),
        { timeout: LOAD_TIMEOUT_MS },
      ),
    );
    await waiting(
      'the network to be idle',
      page.waitForNetworkIdle({ idleTime: 500, timeout: LOAD_TIMEOUT_MS }),
      () => `still open: ${open.describe()}`,
    );
    await settle(page);
    if (page.url() !== url) throw new Error(`loaded ${page.url()}`);

    const timespan = await startTimespan(page, {
      flags: {
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        // This tab's own screen and CPU slowdown stay as they are (Lighthouse's 'provided': it throttles nothing).
        throttlingMethod: 'provided',
        screenEmulation: { disabled: true },
        emulatedUserAgent: false,
      },
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const windows: { step: TStep; action: string; from: number; to: number }[] = [];
    const step = async (name: TStep, act: () => Promise<string>) => {
      const from = await pageNow(page);
      const action = await act();
      await settle(page);
      windows.push({ step: name, action, from, to: await pageNow(page) });
    };

    await step('currency MYR', async () => {
      const select = await selectOffering(page, 'MYR');
      if (!select) throw new Error('no currency select offering MYR');
      if ((await select.evaluate((s) => s.value)) === 'MYR') throw new Error('MYR was already chosen');
      const keys = await chooseByTyping(page, select, 'MYR');
      await waiting(
        'the FPX tile after MYR',
        page.waitForSelector('input[name="pay_channel"][value="fpx"]', { timeout: STEP_TIMEOUT_MS }),
      );
      return `typed "${keys}" in the currency select`;
    });
    await step('pack', async () => {
      const tile = await packTile(page);
      const name = await tile.evaluate((l) => l.querySelector('input')?.getAttribute('aria-label') ?? '');
      await tap(tile);
      await waiting(
        'the tapped pack to be chosen',
        page.waitForFunction(
          (n) =>
            [...document.querySelectorAll<HTMLInputElement>('label.price-tile input')].some(
              (r) => r.checked && r.getAttribute('aria-label') === n,
            ),
          { timeout: STEP_TIMEOUT_MS },
          name,
        ),
      );
      return `tapped the tile "${name}"`;
    });
    await step('FPX', async () => {
      const fpx = await page.$('label.price-tile:has(input[name="pay_channel"][value="fpx"])');
      if (!fpx) throw new Error('no FPX tile');
      await tap(fpx);
      await waiting(
        'the bank select',
        page.waitForSelector('#recharge-fpx-bank', { timeout: STEP_TIMEOUT_MS }),
      );
      return 'tapped the FPX tile';
    });
    await step('bank', async () => {
      const bank = (await page.$('#recharge-fpx-bank')) as ElementHandle<HTMLSelectElement> | null;
      if (!bank) throw new Error('no bank select');
      const keys = await chooseByTyping(page, bank, 'FPX_MB2U');
      return `typed "${keys}" in the bank select`;
    });
    await settle(page);

    const result = await timespan.endTimespan();
    const lhr = result?.lhr;
    const inpAudit = lhr?.audits['interaction-to-next-paint'];
    // Lighthouse 13's breakdown of the INP interaction (it replaced `work-during-interaction`).
    const work = lhr?.audits['inp-breakdown-insight'];
    const entries = await page.evaluate(() => window.__benchEvents ?? []);
    const all = interactionsOf(entries);
    const figure = (i: (typeof all)[number], stepName: InteractionFigure['step']): InteractionFigure => ({
      step: stepName,
      interactionId: i.interactionId,
      events: i.events,
      durationMs: i.durationMs,
      inputDelayMs: i.inputDelayMs,
      processingMs: i.processingMs,
      presentationMs: i.presentationMs,
    });
    const inWindow = (i: (typeof all)[number]) =>
      windows.find((w) => i.startTime >= w.from && i.startTime <= w.to);
    const steps: StepFigure[] = windows.map((w) => {
      const interactions = all.filter((i) => inWindow(i) === w).map((i) => figure(i, w.step));
      const max = interactions.reduce<number | null>((m, i) => Math.max(m ?? 0, i.durationMs), null);
      return { step: w.step, action: w.action, maxMs: max, interactions };
    });
    const outside = all.filter((i) => !inWindow(i)).map((i) => figure(i, 'outside the steps'));
    const eventInp = all.reduce<number | null>((m, i) => Math.max(m ?? 0, i.durationMs), null);
    const run: InpRun = {
      lighthouseVersion: lhr?.lighthouseVersion ?? '',
      lighthouseInpMs:
        inpAudit && typeof inpAudit.numericValue === 'number' ? Math.round(inpAudit.numericValue) : null,
      lighthouseInteraction: nodeLabelOf(work?.details),
      lighthousePhases: phasesOf(work?.details),
      eventInpMs: eventInp,
      steps,
      outside,
      warnings: (lhr?.runWarnings ?? []).map(String),
    };
    if (!lhr) run.error = 'Lighthouse returned no timespan result';
    else if (lhr.runtimeError) run.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    return run;
  } finally {
    await page.close().catch(() => {});
  }
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The medians and the worst interaction of one language's runs. */
export function summarizeInp(path: string, lang: TLang, runs: InpRun[], problems: string[]): InpResult {
  const measured = runs.filter((r) => !r.error);
  const inps = measured.map((r) => r.lighthouseInpMs ?? r.eventInpMs).filter((v): v is number => v !== null);
  const stepMedianMs = Object.fromEntries(
    INP_STEPS.map((s) => {
      // A step under 16 ms in a run counts as 0 for the median, shown as "< 16 ms".
      const values = measured.map((r) => r.steps.find((x) => x.step === s)?.maxMs ?? 0);
      const m = median(values);
      return [s, m === null || m === 0 ? null : m];
    }),
  ) as Record<TStep, number | null>;
  let worst: InpResult['worst'] = null;
  runs.forEach((r, run) => {
    for (const i of [...r.steps.flatMap((s) => s.interactions), ...r.outside]) {
      if (!worst || i.durationMs > worst.durationMs) worst = { ...i, run: run + 1 };
    }
  });
  return { path, lang, runs, medianInpMs: median(inps), stepMedianMs, worst, problems };
}

const fmt = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? `< ${DURATION_THRESHOLD_MS} ms` : `${Math.round(ms)} ms`;

/** The INP table: one row per language. */
export function inpTableRows(results: InpResult[]): string[] {
  const rows = [
    `| page | lang | INP (median) | INP of each run | ${INP_STEPS.join(' | ')} | worst interaction |`,
    `|---|---|---|---|${INP_STEPS.map(() => '---|').join('')}---|`,
  ];
  for (const r of results) {
    const each = r.runs
      .map((run) => (run.error ? 'failed' : run.lighthouseInpMs === null ? '–' : `${run.lighthouseInpMs}`))
      .join(' / ');
    const worst = r.worst
      ? `${fmt(r.worst.durationMs)} (${r.worst.step}: ${r.worst.events.join('/')}, run ${r.worst.run}; delay ${r.worst.inputDelayMs} + processing ${r.worst.processingMs} + presentation ${r.worst.presentationMs})`
      : '–';
    const flag = r.problems.length > 0 ? ' ⚠' : '';
    rows.push(
      `| \`${r.path}\`${flag} | ${r.lang} | ${r.medianInpMs === null ? '–' : `${Math.round(r.medianInpMs)} ms`} | ${each} | ${INP_STEPS.map((s) => fmt(r.stepMedianMs[s])).join(' | ')} | ${worst} |`,
    );
  }
  return rows;
}
