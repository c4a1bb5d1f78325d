import { hydrate, render } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydrationInTurns, HydrateInTurn } from './hydrate-in-turn';

// The storefront's runtime: progressive hydration is Preact's (its suspended hydration keeps the server's markup).
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`${label} ${count}`}
    </button>
  );
}

/** `nested`: the form part has a part of its own (as the recharge card had its fields). */
function Page({ nested = false }: { nested?: boolean }) {
  return (
    <div>
      <Counter label="header" />
      <HydrateInTurn>
        <section>
          <Counter label="form" />
          {nested && (
            <HydrateInTurn>
              <div>
                <Counter label="field" />
              </div>
            </HydrateInTurn>
          )}
        </section>
      </HydrateInTurn>
      <HydrateInTurn>
        <footer>
          <Counter label="footer" />
        </footer>
      </HydrateInTurn>
    </div>
  );
}

/** The next task: a part's turn and its hydration (in the turn's microtasks) are done by then. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function press(container: HTMLElement, label: string): void {
  const button = [...container.querySelectorAll('button')].find((node) =>
    node.textContent?.startsWith(label),
  );
  if (!button) throw new Error(`no ${label} button`);
  button.click();
}

const containers: HTMLElement[] = [];
function prerendered(page = <Page />): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  containers.push(container);
  return container;
}

afterEach(async () => {
  // Whatever a test left waiting has its turn (the turns are the module's, shared by the tests).
  for (let turn = 0; turn < 3; turn += 1) await nextTask();
  for (const container of containers.splice(0)) {
    render(null, container);
    container.remove();
  }
});

describe('progressive hydration of a prerendered page', () => {
  it('hydrates each wrapped part in a task of its own, in order, keeping its prerendered markup meanwhile', async () => {
    const container = prerendered();
    const section = container.querySelector('section');
    const footer = container.querySelector('footer');
    const markup = container.innerHTML;

    beginHydrationInTurns();
    hydrate(<Page />, container);

    // The rest of the page is live at once; the wrapped parts are on screen as prerendered, not yet live.
    expect(container.innerHTML).toBe(markup);
    press(container, 'header');
    press(container, 'form');
    await Promise.resolve();
    expect(container.textContent).toBe('header 1form 0footer 0');

    await nextTask();
    press(container, 'form');
    press(container, 'footer');
    await Promise.resolve();
    expect(container.textContent).toBe('header 1form 1footer 0');

    await nextTask();
    press(container, 'footer');
    await Promise.resolve();
    expect(container.textContent).toBe('header 1form 1footer 1');
    // Hydrated, not drawn again: the prerendered elements are the live ones.
    expect(container.querySelector('section')).toBe(section);
    expect(container.querySelector('footer')).toBe(footer);
  });

  it('hydrates a part inside a part in its parent’s turn, keeping its markup', async () => {
    const container = prerendered(<Page nested />);
    const field = container.querySelector('section div');
    const markup = container.innerHTML;
    const hydrated = vi.fn();

    beginHydrationInTurns(hydrated);
    hydrate(<Page nested />, container);
    expect(container.innerHTML).toBe(markup);

    // The form's turn: the form and the field inside it are live; the footer waits for its own.
    await nextTask();
    press(container, 'form');
    press(container, 'field');
    press(container, 'footer');
    await Promise.resolve();
    expect(container.textContent).toBe('header 0form 1field 1footer 0');
    expect(container.querySelector('section div')).toBe(field);

    await nextTask();
    press(container, 'footer');
    await Promise.resolve();
    expect(container.textContent).toBe('header 0form 1field 1footer 1');
    await nextTask();
    expect(hydrated).toHaveBeenCalledTimes(1);
  });

  it('renders the parts at once when the page is drawn rather than hydrated, and once hydration is over', async () => {
    const drawn = document.createElement('div');
    containers.push(drawn);
    render(<Page />, drawn);
    press(drawn, 'footer');
    await Promise.resolve();
    expect(drawn.textContent).toBe('header 0form 0footer 1');

    const container = prerendered();
    const hydrated = vi.fn();
    beginHydrationInTurns(hydrated);
    hydrate(<Page />, container);
    await nextTask();
    await nextTask();
    expect(hydrated).not.toHaveBeenCalled();
    await nextTask();
    // Hydration is over, and said so once: a part drawn now (client-side navigation) is live at once.
    expect(hydrated).toHaveBeenCalledTimes(1);
    const later = document.createElement('div');
    containers.push(later);
    render(<Page />, later);
    press(later, 'form');
    await Promise.resolve();
    expect(later.textContent).toBe('header 0form 1footer 0');
  });
});
