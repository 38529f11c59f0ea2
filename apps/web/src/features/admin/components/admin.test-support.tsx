import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';

/** What the console's unit tests share: a router and query client, and a fetch that answers by path. */

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function wrapper(children: ReactNode, url = '/admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {children}
        <Location />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const meta = (total: number, pages = 1, page = 1) => ({ total, pages, page, size: 50 });

/** Answers by path; every request is recorded. */
export function serve(routes: Record<string, (init: RequestInit | undefined) => Response>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const path = url.split('?')[0]!;
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    return route ? route(init) : json(404, { message: 'No encontrado' });
  });
  return calls;
}

/** A token in storage (the console's calls need one), and a clean page and fetch after each test. */
export function withConsoleSession() {
  beforeEach(() => localStorage.setItem('jwt_token', 'token'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });
}
