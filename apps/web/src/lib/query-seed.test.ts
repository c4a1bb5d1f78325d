import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { plantQuerySeeds, QUERY_SEED_ID, querySeedScript } from './query-seed';

afterEach(() => {
  document.body.replaceChildren();
});

/** The page as the server sends it: the seed's element as HTML, parsed by the browser. */
function pageWith(html: string): void {
  document.body.innerHTML = `${html}<div id="root"></div>`;
}

describe('query seeds', () => {
  it('reach the query cache as the server wrote them, and their element goes', () => {
    const order = { order_num: 'EZ1', game_id: '</script><img src=x onerror=alert(1)>', amount: 1000 };
    pageWith(querySeedScript([{ key: ['orders', 'result', 'EZ1'], data: order }]));
    // Nothing a value holds can end the element early: one element, no image.
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelector('img')).toBeNull();

    const client = new QueryClient();
    plantQuerySeeds(document, client);
    expect(client.getQueryData(['orders', 'result', 'EZ1'])).toEqual(order);
    expect(document.getElementById(QUERY_SEED_ID)).toBeNull();
  });

  it('leave the cache alone when the element is missing, unreadable or not a list of seeds', () => {
    for (const html of [
      '',
      `<script type="application/json" id="${QUERY_SEED_ID}">{not json</script>`,
      `<script type="application/json" id="${QUERY_SEED_ID}">{"key":["a"],"data":1}</script>`,
      `<script type="application/json" id="${QUERY_SEED_ID}">[{"key":"a","data":1},{"key":["b"]}]</script>`,
    ]) {
      pageWith(html);
      const client = new QueryClient();
      plantQuerySeeds(document, client);
      expect(client.getQueryCache().getAll(), html).toEqual([]);
      expect(document.getElementById(QUERY_SEED_ID), html).toBeNull();
    }
  });
});
