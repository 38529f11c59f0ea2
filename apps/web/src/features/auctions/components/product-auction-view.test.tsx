import { type AuctionProductPage, auctionMessages, bidMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';
import { auctionProductQuery } from '../api/get-auction-product.ts';
import { maxBidQuery } from '../api/max-bid.ts';
import { auctionPageFixture } from './auction-page.fixture.ts';
import { ProductAuctionView } from './product-auction-view.tsx';

vi.mock('../../../lib/ws-client.ts', () => ({
  openLiveSocket: (_path: string, handlers: { onStatus?(s: string): void }) => {
    handlers.onStatus?.('open');
    return { close: () => {} };
  },
}));

/** A token whose subject is the given user id (the app reads only the subject). */
const tokenFor = (userId: number) =>
  `h.${btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, '')}.s`;

const OWNER_ID = 1;

function pageOf(race: { status: 'active' | 'ended'; end: string; outcome?: string | null }) {
  return auctionPageFixture({ ...race, highest: 12000 });
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

let client: QueryClient;
beforeEach(() => {
  syncServerClock(new Date().toISOString());
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(maxBidQuery(7, 3).queryKey, { max_amount: null });
  localStorage.setItem('jwt_token', tokenFor(5));
  client.setQueryData(queryKeys.users.profile, { id: 5, username: 'ana' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  document.title = '';
});

function show(page?: AuctionProductPage) {
  if (page) client.setQueryData(auctionProductQuery('3').queryKey, page);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductAuctionView
          productId="3"
          renderNotInAuction={(id) => <a href={`/products/buy/${id}`}>Ver en compra directa</a>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a product in no auction', () => {
  it('keeps the error, names the page and offers where else the product may be had', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: auctionMessages.noAuctionInfo }), { status: 404 }),
    );
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(auctionMessages.noAuctionInfo);
    expect(screen.getByRole('heading', { level: 1, name: 'Subasta del producto' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver en compra directa' }).getAttribute('href')).toBe(
      '/products/buy/3',
    );
    await waitFor(() => expect(document.title).toBe('Subasta del producto | Coleccionables'));
  });

  it('offers nothing else when the page failed for another reason', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(auctionMessages.productPageError);
    expect(screen.getByRole('heading', { level: 1, name: 'Subasta del producto' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the bid form', () => {
  it('is offered to a bidder', async () => {
    show(pageOf({ status: 'active', end: inHours(3) }));
    expect(await screen.findByRole('button', { name: 'Place Bid' })).toBeTruthy();
    expect(screen.queryByText(/Este es tu producto/)).toBeNull();
  });

  it("is not offered to the product's seller, who sees a note instead", async () => {
    localStorage.setItem('jwt_token', tokenFor(OWNER_ID));
    client.setQueryData(queryKeys.users.profile, { id: OWNER_ID, username: 'vendedor' });
    show(pageOf({ status: 'active', end: inHours(3) }));
    expect(await screen.findByText('Este es tu producto: no puedes pujar en él.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Bid' })).toBeNull();
    expect(screen.queryByLabelText('Tu puja ($)')).toBeNull();
  });
});

describe('an ended race', () => {
  const ended = (outcome: string | null) => pageOf({ status: 'ended', end: inHours(-1), outcome });

  it('tells the highest bidder they won, with a link to their won auctions', async () => {
    show(ended('won'));
    expect(await screen.findByText(bidMessages.auctionEnded)).toBeTruthy();
    const note = screen.getByTestId('won-note');
    expect(note.textContent).toContain('¡Ganaste esta subasta!');
    expect(within(note).getByRole('link', { name: 'Mis Subastas Ganadas' }).getAttribute('href')).toBe(
      '/auctions/won/',
    );
    await waitFor(() => expect(document.title).toBe('Auto | Subasta finalizada | Coleccionables'));
  });

  it('tells it before the outcome is recorded when the highest bid reached the reserve', async () => {
    show(ended(null));
    expect((await screen.findByTestId('won-note')).textContent).toContain('¡Ganaste esta subasta!');
  });

  it('tells nobody else, nor the highest bidder of a product left unsold', async () => {
    client.setQueryData(queryKeys.users.profile, { id: 6, username: 'beto' });
    const { unmount } = show(ended('won'));
    expect(await screen.findByText('La subasta ha finalizado')).toBeTruthy();
    expect(screen.queryByText(/Ganaste/)).toBeNull();
    unmount();

    client.setQueryData(queryKeys.users.profile, { id: 5, username: 'ana' });
    show(ended('unsold'));
    expect(await screen.findByText('La subasta ha finalizado')).toBeTruthy();
    expect(screen.queryByText(/Ganaste/)).toBeNull();
  });

  it("changes the title from 'Subasta en vivo' when the end comes on the page", async () => {
    show(pageOf({ status: 'active', end: new Date(Date.now() + 300).toISOString() }));
    await waitFor(() => expect(document.title).toBe('Auto | Subasta en vivo | Coleccionables'));
    await waitFor(() => expect(document.title).toBe('Auto | Subasta finalizada | Coleccionables'), {
      timeout: 2_000,
    });
  });
});
