import type { SearchResult } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSearchPrice, searchTimeLeft } from '../lib/format.ts';
import { SearchPage } from './search-page.tsx';
import { firstNonEmptyTab, SearchResults } from './search-results.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const empty: SearchResult = { users: [], products: [], auctions: [] };
const full: SearchResult = {
  users: [{ id: 1, username: 'vendedor_demo', avatar: null, bio: 'Hot Wheels y Matchbox' }],
  products: [
    {
      id: 10,
      name: 'Hot Wheels Nissan Skyline',
      image: null,
      description: 'En caja',
      category: 'Autos die-cast',
      can_be_bought: true,
      sell_price: 1250000,
      auction_id: null,
    },
    {
      id: 11,
      name: 'Matchbox Kombi',
      image: null,
      description: 'Sin caja',
      category: 'Autos die-cast',
      can_be_bought: false,
      sell_price: null,
      auction_id: 3,
    },
  ],
  auctions: [
    {
      id: 3,
      title: 'Clásicos Hot Wheels',
      is_flash: true,
      products: [{ image: null }],
      owner: { username: 'vendedor_demo', avatar: null },
      min_offer: 5000,
      end_time: new Date(Date.now() + 26 * 3600_000 + 60_000).toISOString(),
    },
  ],
};

function renderWithRouter(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('search formatting', () => {
  it.each([
    [1250000, '$1,250,000'],
    [999, '$999'],
    [0, '$0'],
    [1234.5, '$1,235'],
  ])('formatSearchPrice(%s) = %s', (value, text) => {
    expect(formatSearchPrice(value)).toBe(text);
  });

  it.each([
    [null, 'Por iniciar'],
    ['2026-01-01T00:00:00Z', 'Finalizada'],
    ['2026-01-04T05:00:00Z', '2d 5h'],
    ['2026-01-02T03:20:00Z', '3h 20m'],
    ['2026-01-02T00:07:30Z', '7m'],
  ])('searchTimeLeft(%s) = %s', (end, text) => {
    expect(searchTimeLeft(end, Date.parse('2026-01-02T00:00:00Z'))).toBe(text);
  });
});

describe('SearchResults', () => {
  it('selects the first group with results and shows every count', () => {
    renderWithRouter(<SearchResults term="x" result={{ ...full, users: [] }} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Usuarios(0 resultados)',
      'Productos(2 resultados)',
      'Subastas(1 resultado)',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Productos');
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getByRole('link', { name: /Hot Wheels Nissan Skyline/ })
        .getAttribute('href'),
    ).toBe('/auctions/product/10');
    expect(within(panel).getByText('$1,250,000')).toBeTruthy();
    expect(within(panel).getByText('En subasta')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', () => {
    renderWithRouter(<SearchResults term="x" result={full} />);
    const users = screen.getByRole('tab', { name: /Usuarios/ });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(users.tabIndex).toBe(0);
    fireEvent.keyDown(users, { key: 'ArrowRight' });
    const products = screen.getByRole('tab', { name: /Productos/ });
    expect(products.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(products);
    expect(users.tabIndex).toBe(-1);
    fireEvent.keyDown(products, { key: 'End' });
    const auctions = screen.getByRole('tab', { name: /Subastas/ });
    expect(document.activeElement).toBe(auctions);
    const panel = screen.getByRole('tabpanel', { name: /Subastas/ });
    expect(within(panel).getByRole('link').getAttribute('href')).toBe('/auctions/products/3');
    expect(within(panel).getByText('Flash')).toBeTruthy();
    expect(within(panel).getByText(/Puja mínima: \$5,000/)).toBeTruthy();
    expect(within(panel).getByText(/^1d 2h$/)).toBeTruthy();
    fireEvent.keyDown(auctions, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(users);
    fireEvent.keyDown(users, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(auctions);
    fireEvent.keyDown(auctions, { key: 'Home' });
    expect(document.activeElement).toBe(users);
    expect(
      within(screen.getByRole('tabpanel'))
        .getByRole('link', { name: /vendedor_demo/ })
        .getAttribute('href'),
    ).toBe('/public-profile/vendedor_demo');
  });

  it('goes back to the first non-empty group when the term changes', () => {
    const view = renderWithRouter(<SearchResults term="a" result={full} />);
    fireEvent.click(screen.getByRole('tab', { name: /Subastas/ }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Subastas');
    view.rerender(
      <MemoryRouter>
        <SearchResults term="b" result={{ ...full, users: [] }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Productos');
  });

  it('says so when nothing was found, and in an empty tab', () => {
    renderWithRouter(<SearchResults term="x" result={empty} />);
    expect(screen.getByText('No se encontraron resultados para tu búsqueda')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    cleanup();
    renderWithRouter(<SearchResults term="x" result={{ ...empty, auctions: full.auctions }} />);
    fireEvent.click(screen.getByRole('tab', { name: /Usuarios/ }));
    expect(
      within(screen.getByRole('tabpanel')).getByText('No se encontraron resultados para tu búsqueda'),
    ).toBeTruthy();
  });

  it('firstNonEmptyTab falls back to users', () => {
    expect(firstNonEmptyTab(empty)).toBe('users');
    expect(firstNonEmptyTab({ ...empty, auctions: full.auctions })).toBe('auctions');
  });
});

describe('SearchPage', () => {
  function renderPage(query: string | null) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SearchPage query={query} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('asks for a term when there is none, without calling the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderPage('   ');
    expect(screen.getByRole('heading', { name: 'Resultados de búsqueda' })).toBeTruthy();
    expect(screen.getByText('No se ha especificado un término de búsqueda')).toBeTruthy();
    cleanup();
    renderPage(null);
    expect(screen.getByText('No se ha especificado un término de búsqueda')).toBeTruthy();
    cleanup();
    renderPage('a'.repeat(101));
    expect(screen.getByText('El término de búsqueda no puede superar 100 caracteres')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('searches the encoded term and shows the results', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(full), { status: 200 }));
    renderPage(' 100% hot/whel ');
    expect(screen.getByText('Buscando...')).toBeTruthy();
    expect(screen.getByText('100% hot/whel')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(3));
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/auctions/search/100%25%20hot%2Fwhel');
  });

  it('shows the generic error on a failure and the server message on a 400', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Ocurrió un error inesperado.' }), { status: 500 }),
    );
    renderPage('camion');
    expect(
      await screen.findByText('Ocurrió un error al buscar. Por favor, inténtalo de nuevo.'),
    ).toBeTruthy();
    cleanup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Término no válido' }), { status: 400 }),
    );
    renderPage('otro');
    expect(await screen.findByText('Término no válido')).toBeTruthy();
  });
});
