import { savedSearchMessages as m } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { SaveSearchButton } from './save-search-button.tsx';
import { SavedSearchesView } from './saved-searches-view.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const search = {
  id: 7,
  name: 'Hot Wheels 1:64',
  filters: { kind: 'buy_now', q: 'hot wheels', scale_id: 3, sort: 'newest' },
  names: { category: null, brand: null, scale: '1:64' },
  link: '/explorar?q=hot+wheels&kind=buy_now&scale_id=3',
  created_at: '2026-11-20T15:00:00.000Z',
};

describe('Búsquedas guardadas', () => {
  let client: QueryClient;
  beforeEach(() => {
    localStorage.setItem('jwt_token', 'token');
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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

  it('lists each search with its filters in words and a link to its view', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ items: [search] }));
    wrap(<SavedSearchesView />);
    expect(screen.getByText('Cargando búsquedas guardadas...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Hot Wheels 1:64' });
    const chips = screen.getByRole('list', { name: 'Filtros' }).querySelectorAll('li');
    expect(Array.from(chips, (li) => li.textContent)).toEqual(['“hot wheels”', 'Compra directa', '1:64']);
    expect(screen.getByRole('link', { name: 'Ver resultados' }).getAttribute('href')).toBe(search.link);
  });

  it('says when there are none, and shows the error with a retry', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ message: 'Falló' }, 500));
    wrap(<SavedSearchesView />);
    expect(await screen.findByText(m.loadError)).toBeTruthy();
    fetch.mockResolvedValueOnce(json({ items: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it('deletes only after confirming, and shows the server message when it fails', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ items: [search] }));
    wrap(<SavedSearchesView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar búsqueda' });
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockResolvedValueOnce(json({ message: m.notFound, errors: [m.notFound] }, 404));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(String(fetch.mock.calls[1]?.[0])).toContain('/api/saved-searches/7');
  });

  it('proposes a name from the term and refuses a blank one before calling', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    wrap(<SaveSearchButton view={{ kind: 'auction', q: 'charizard', sort: 'newest' }} names={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar búsqueda' }));
    const name = (await screen.findByLabelText(/Nombre de la búsqueda/)) as HTMLInputElement;
    expect(name.value).toBe('charizard');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
