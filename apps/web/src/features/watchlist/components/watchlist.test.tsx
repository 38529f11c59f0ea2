import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { watchlistQuery } from '../api/watchlist.ts';
import { WatchButton } from './watch-button.tsx';
import { WatchlistView } from './watchlist-view.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Favoritos', () => {
  let client: QueryClient;
  beforeEach(() => {
    localStorage.setItem('jwt_token', 'token');
    client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const wrap = (ui: React.ReactNode) =>
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );

  it('the heart is a labelled toggle that fills at once and rolls back when the server refuses', async () => {
    client.setQueryData(watchlistQuery(true).queryKey, { items: [], server_time: new Date().toISOString() });
    let fail!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input).includes('/api/watchlist/9')
        ? new Promise<Response>((resolve) => {
            fail = resolve;
          })
        : Promise.resolve(json({ items: [], server_time: new Date().toISOString() })),
    );
    wrap(<WatchButton productId={9} name="Camaro 1969" />);
    const heart = screen.getByRole('button', { name: 'Agregar "Camaro 1969" a Favoritos' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    // Optimistic: pressed before the server answers.
    const pressed = await screen.findByRole('button', { name: 'Quitar "Camaro 1969" de Favoritos' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fail(json({ message: 'Error' }, 500));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Camaro 1969/ }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(
      await screen.findByText('No se pudo actualizar Favoritos. Por favor, intenta nuevamente.'),
    ).toBeTruthy();
  });

  it('the page shows its empty and error states', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ items: [], server_time: new Date().toISOString() }));
    wrap(<WatchlistView />);
    expect(await screen.findByText(/Aún no tienes productos en Favoritos/)).toBeTruthy();
    cleanup();
    client.clear();
    spy.mockResolvedValueOnce(json({ message: 'No disponible' }, 503));
    wrap(<WatchlistView />);
    const message = await screen.findByText(/No disponible/);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
