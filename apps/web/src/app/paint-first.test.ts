import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  entryImportCount,
  holdEarlyClicks,
  holdEarlySubmits,
  isAppLive,
  LINKS_PER_TASK,
  loadModules,
  markAppLive,
  openStorage,
  pageModules,
} from './paint-first';

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  delete document.documentElement.dataset.app;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function meta(content: string, entryImports?: string): void {
  const element = document.createElement('meta');
  element.name = 'ez-modules';
  element.content = content;
  if (entryImports !== undefined) element.dataset.entryImports = entryImports;
  document.head.append(element);
}

describe('pageModules', () => {
  it('reads the paths of <meta name="ez-modules">, the entry first', () => {
    meta('/assets/index-a.js /assets/page-b.js /assets/texts-c.js');
    expect(pageModules(document)).toEqual(['/assets/index-a.js', '/assets/page-b.js', '/assets/texts-c.js']);
  });

  it('says how many modules after the entry are its own imports, none when it does not say', () => {
    meta('/assets/index-a.js /assets/vendor-b.js /assets/page-c.js', '1');
    expect(entryImportCount(document)).toBe(1);
    for (const value of [undefined, '', 'x', '-1', '1.5']) {
      document.head.replaceChildren();
      meta('/assets/index-a.js', value);
      expect(entryImportCount(document), String(value)).toBe(0);
    }
  });

  it('is empty on a page without it (a shell, the console)', () => {
    expect(pageModules(document)).toEqual([]);
    expect(entryImportCount(document)).toBe(0);
  });
});

describe('afterNextPaint', () => {
  it('waits for the next animation frame, then for a task after it (the frame is painted in between)', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const callback = vi.fn();
    afterNextPaint(window, callback);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('starts in the next task on a hidden page, which runs no animation frames', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const callback = vi.fn();
    afterNextPaint(window, callback);
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();
  });
});

describe('loadModules', () => {
  const links = () =>
    [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('crossorigin'),
    ]);

  it('imports the entry at once and preloads the other modules in the next task', () => {
    vi.useFakeTimers();
    const importModule = vi.fn(() => Promise.resolve());
    loadModules(window, ['/assets/index-a.js', '/assets/page-b.js', '/assets/texts-c.js'], importModule);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(importModule).toHaveBeenCalledWith('/assets/index-a.js');
    expect(links()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(links()).toEqual([
      ['modulepreload', '/assets/page-b.js', ''],
      ['modulepreload', '/assets/texts-c.js', ''],
    ]);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it(`adds at most ${LINKS_PER_TASK} links per task, in the order given`, () => {
    vi.useFakeTimers();
    const modules = Array.from({ length: 2 * LINKS_PER_TASK + 3 }, (_, i) => `/assets/m${i}.js`);
    loadModules(window, modules, () => Promise.resolve());
    const counts: number[] = [];
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      counts.push(links().length);
    }
    expect(counts).toEqual([LINKS_PER_TASK, 2 * LINKS_PER_TASK, 2 * LINKS_PER_TASK + 2]);
    expect(links().map(([, href]) => href)).toEqual(modules.slice(1));
  });

  it("imports the entry's own imports first, one per task as each arrives, then the entry, preloaded meanwhile", async () => {
    vi.useFakeTimers();
    const arrivals = new Map<string, () => void>();
    const importModule = vi.fn(
      (path: string) =>
        new Promise<void>((resolve, reject) => {
          arrivals.set(path, path.includes('broken') ? () => reject(new Error('offline')) : resolve);
        }),
    );
    const modules = ['/assets/index-a.js', '/assets/vendor-b.js', '/assets/broken-c.js', '/assets/page-d.js'];
    loadModules(window, modules, importModule, 2);
    const imported = () => importModule.mock.calls.map(([path]) => path);
    expect(imported()).toEqual(['/assets/vendor-b.js']);
    vi.advanceTimersToNextTimer();
    // The entry is fetched meanwhile: preloaded with the rest.
    expect(links().map(([, href]) => href)).toEqual(modules);

    arrivals.get('/assets/vendor-b.js')?.();
    await vi.advanceTimersToNextTimerAsync();
    expect(imported()).toEqual(['/assets/vendor-b.js', '/assets/broken-c.js']);
    // One that fails to load does not stop the entry (which reports it).
    arrivals.get('/assets/broken-c.js')?.();
    await vi.advanceTimersToNextTimerAsync();
    expect(imported()).toEqual(['/assets/vendor-b.js', '/assets/broken-c.js', '/assets/index-a.js']);
  });

  it('does nothing without modules', () => {
    vi.useFakeTimers();
    const importModule = vi.fn(() => Promise.resolve());
    loadModules(window, [], importModule);
    vi.runAllTimers();
    expect(importModule).not.toHaveBeenCalled();
    expect(links()).toEqual([]);
  });
});

describe('holdEarlySubmits', () => {
  it('keeps a form from submitting natively until the app is live, then leaves it to the app', () => {
    holdEarlySubmits(document);
    const form = document.createElement('form');
    form.innerHTML = '<input name="password" value="secret"><button type="submit">Sign in</button>';
    document.body.append(form);
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(isAppLive(document)).toBe(false);
    expect(submit()).toBe(true);
    markAppLive(document);
    expect(document.documentElement.getAttribute('data-app')).toBe('live');
    expect(isAppLive(document)).toBe(true);
    expect(submit()).toBe(false);
  });
});

describe('holdEarlyClicks', () => {
  it('gives the last button tapped before the app is live its tap once it is, and then steps aside', () => {
    holdEarlyClicks(document);
    document.body.innerHTML =
      '<button type="button" id="a">Copy</button><button type="button" id="b"><span>English</span></button>';
    const taps = { a: 0, b: 0 };
    for (const id of ['a', 'b'] as const) {
      document.getElementById(id)?.addEventListener('click', () => {
        taps[id]++;
      });
    }
    document.getElementById('a')?.click();
    // A tap on the button's label is a tap on the button.
    document.querySelector<HTMLElement>('#b span')?.click();
    expect(taps).toEqual({ a: 0, b: 0 });

    markAppLive(document);
    expect(taps).toEqual({ a: 0, b: 1 });
    markAppLive(document);
    document.getElementById('a')?.click();
    expect(taps).toEqual({ a: 1, b: 1 });
  });

  it('leaves a form submit button, a link and a button gone or disabled by then alone', () => {
    holdEarlyClicks(document);
    document.body.innerHTML =
      '<form><button type="submit">Pay</button></form><a href="#x">FAQ</a><button type="button">Gone</button>';
    const tap = (element: Element | null) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      element?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    document.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
    expect(tap(document.querySelector('button[type="submit"]'))).toBe(false);
    expect(tap(document.querySelector('a'))).toBe(false);
    const gone = document.querySelector('button[type="button"]');
    let taps = 0;
    gone?.addEventListener('click', () => {
      taps++;
    });
    expect(tap(gone)).toBe(true);
    gone?.remove();
    markAppLive(document);
    expect(taps).toBe(0);
  });
});

describe('openStorage', () => {
  /** A window whose storage reads are recorded, and whose tasks run when the test says. */
  function fakeWindow(refuse: readonly string[] = []) {
    const reads: string[] = [];
    const tasks: Array<() => void> = [];
    const read = (kind: string) => {
      reads.push(kind);
      if (refuse.includes(kind)) throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const win = {
      get localStorage() {
        return { getItem: () => read('localStorage') };
      },
      get sessionStorage() {
        read('sessionStorage');
        return { length: 0 };
      },
      document: {
        get cookie() {
          read('cookie');
          return '';
        },
      },
      setTimeout: (task: () => void) => {
        tasks.push(task);
        return tasks.length;
      },
    };
    const runTask = () => tasks.shift()?.();
    return { win: win as unknown as Window, reads, tasks, runTask };
  }

  it('reads local storage, session storage and the cookies once each, one per task, none at once', () => {
    const { win, reads, tasks, runTask } = fakeWindow();
    openStorage(win);
    expect(reads).toEqual([]);
    runTask();
    expect(reads).toEqual(['localStorage']);
    runTask();
    expect(reads).toEqual(['localStorage', 'sessionStorage']);
    runTask();
    expect(reads).toEqual(['localStorage', 'sessionStorage', 'cookie']);
    runTask();
    expect(tasks).toEqual([]);
  });

  it('goes on past a storage the browser refuses (the app handles the refusal itself)', () => {
    const { win, reads, runTask } = fakeWindow(['localStorage', 'sessionStorage']);
    openStorage(win);
    for (let i = 0; i < 4; i++) expect(runTask).not.toThrow();
    expect(reads).toEqual(['localStorage', 'sessionStorage', 'cookie']);
  });
});
