import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInProcessEventBus } from './events.ts';
import { createReadFreshness } from './read-cache.ts';
import { keepRenderedPages } from './rendered-pages.ts';
import type { PageRender, RenderedPage } from './static.ts';

const request = {} as FastifyRequest;

async function setup(maxAgeMs = 600_000) {
  const freshness = createReadFreshness(createInProcessEventBus(), { maxAgeMs });
  await new Promise((resolve) => setTimeout(resolve, 10)); // subscribed
  const renders: string[] = [];
  let complete = true;
  const render: PageRender = async (url) => {
    renders.push(url);
    const page: RenderedPage = {
      html: `<main>${url} #${renders.length}</main>`,
      state: '{}',
      timing: { renderMs: 2, readMs: 1 },
      complete,
    };
    return page;
  };
  return {
    freshness,
    renders,
    kept: keepRenderedPages(render, freshness),
    setComplete: (value: boolean) => {
      complete = value;
    },
  };
}

describe('rendered pages kept while nothing they show can have changed', () => {
  it('renders an address once while nothing is written, each address apart', async () => {
    const { kept, renders } = await setup();
    const first = await kept('/', request);
    const again = await kept('/', request);
    expect(renders).toEqual(['/']);
    expect(again?.html).toBe(first?.html);
    expect(again?.kept).toBe(true);
    expect(again?.timing).toBeUndefined();
    await kept('/explorar?q=ferrari', request);
    await kept('/explorar?q=pokemon', request);
    expect(renders).toEqual(['/', '/explorar?q=ferrari', '/explorar?q=pokemon']);
  });

  it('renders again after any write, and after the confirmation age', async () => {
    const { kept, renders, freshness } = await setup();
    await kept('/', request);
    void freshness.changed(); // a bid, a new product, the clock moved: anything
    const after = await kept('/', request);
    expect(renders).toEqual(['/', '/']);
    expect(after?.kept).toBeUndefined();

    const young = await setup(50);
    await young.kept('/', request);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await young.kept('/', request);
    expect(young.renders).toEqual(['/', '/']);
  });

  it('never keeps a render with a read that failed (that part rendered loading)', async () => {
    const { kept, renders, setComplete } = await setup();
    setComplete(false);
    await kept('/', request);
    await kept('/', request);
    expect(renders).toEqual(['/', '/']);
    setComplete(true);
    await kept('/', request);
    await kept('/', request);
    expect(renders).toEqual(['/', '/', '/']);
  });

  it('does not keep a render during which something was written', async () => {
    const freshness = createReadFreshness(createInProcessEventBus(), { maxAgeMs: 600_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    let renders = 0;
    const kept = keepRenderedPages(async () => {
      renders += 1;
      // A write lands while the page's reads are under way: what they read may be the old state.
      void freshness.changed();
      return { html: '<main></main>', state: '{}', complete: true };
    }, freshness);
    await kept('/', request);
    await kept('/', request);
    expect(renders).toBe(2);
  });
});
