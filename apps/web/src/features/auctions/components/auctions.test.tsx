import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';
import { auctionProductQuery } from '../api/get-auction-product.ts';
import { maxBidQuery } from '../api/max-bid.ts';
import { AuctionImageGrid } from './auction-image-grid.tsx';
import { auctionPageFixture } from './auction-page.fixture.ts';
import { LiveBidPanel } from './live-bid-panel.tsx';

/** The panel opens its socket once the socket's code has loaded (a dynamic import). */
const socketOpened = () => waitFor(() => expect(socket.onMessage).not.toBeNull());
const socket = vi.hoisted(() => ({ onMessage: null as null | ((data: unknown) => void), closed: 0 }));
vi.mock('../../../lib/ws-client.ts', () => ({
  openLiveSocket: (
    _path: string,
    handlers: { onMessage(data: unknown): void; onStatus?(s: string): void },
  ) => {
    socket.onMessage = handlers.onMessage;
    handlers.onStatus?.('open');
    return { close: () => (socket.closed += 1) };
  },
}));

afterEach(() => {
  socket.onMessage = null;
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('AuctionImageGrid', () => {
  const products = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    name: `P${i + 1}`,
    image: null,
    thumbnail: null,
  }));

  it('shows at most 4 images and a +N overlay for the rest', () => {
    render(<AuctionImageGrid products={products} total={6} />);
    expect(screen.getAllByRole('img', { name: /^P\d$/ })).toHaveLength(4);
    expect(screen.getByText('+2')).toBeTruthy();
  });

  it('shows no overlay with 4 or fewer', () => {
    render(<AuctionImageGrid products={products.slice(0, 3)} />);
    expect(screen.getAllByRole('img', { name: /^P\d$/ })).toHaveLength(3);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });
});

describe('LiveBidPanel', () => {
  const end = new Date(Date.now() + 3 * 3600_000).toISOString();
  const page = auctionPageFixture({ end, maxOffer: 5000 });

  const liveBid = (bid: { id: number; amount: number; username: string; auto?: boolean }) => ({
    timestamp: new Date().toISOString(),
    avatar: null,
    auto: false,
    ...bid,
  });
  const race = (state: { highest_bid: number; bid_count: number; end_time?: string }) => ({
    auction_id: 7,
    product_id: 3,
    end_time: end,
    ...state,
  });
  const placedAnswer = (bid: { id: number; amount: number; username: string }) => ({
    ...liveBid(bid),
    ...race({ highest_bid: bid.amount, bid_count: 2 }),
    message: '¡Puja realizada con éxito!',
  });

  let client: QueryClient;
  beforeEach(() => {
    localStorage.setItem('jwt_token', 'token');
    syncServerClock(new Date().toISOString());
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(auctionProductQuery('3').queryKey, page);
    client.setQueryData(maxBidQuery(7, 3).queryKey, { max_amount: null });
    client.setQueryData(queryKeys.users.profile, { id: 5, username: 'ana' });
  });

  function Panel() {
    return (
      <QueryClientProvider client={client}>
        <Connected />
      </QueryClientProvider>
    );
  }
  function Connected() {
    // Subscribed to the cached page (never fetched), as the product auction view is.
    const { data } = useQuery({ ...auctionProductQuery('3'), enabled: false });
    return <LiveBidPanel page={data!} productKey="3" />;
  }

  it('shows the current bid, the minimum in the placeholder and both increment notes', () => {
    render(<Panel />);
    expect(screen.getByText('$2.000', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByLabelText('Tu puja ($)').getAttribute('placeholder')).toBe('Min bid: $3.000');
    expect(screen.getByText('Incremento mínimo de puja: $1.000')).toBeTruthy();
    expect(screen.getByText('Incremento máximo de puja: $5.000')).toBeTruthy();
    expect(screen.getByText(/^0[23]h \d{2}m$/)).toBeTruthy();
  });

  it('applies the bid rules before sending', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<Panel />);
    const input = screen.getByLabelText('Tu puja ($)');
    for (const [value, message] of [
      ['', 'Por favor, ingresa un monto válido para la puja'],
      ['1500', 'Tu puja debe ser mayor que la puja actual de $2.000'],
      ['2500', 'El incremento mínimo de puja es $1.000'],
      ['8000', 'El incremento máximo permitido sobre la puja actual es $5.000'],
    ] as const) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Place Bid' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).toEqual([]);
  });

  it("shows the server's message when the bid is refused, and clears the input after success", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ message: 'La subasta ha finalizado' }), { status: 409 }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify(placedAnswer({ id: 11, amount: 3000, username: 'yo' })), { status: 201 }),
      );
    render(<Panel />);
    const input = screen.getByLabelText('Tu puja ($)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La subasta ha finalizado');
    fireEvent.change(input, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Bid' }));
    await waitFor(() => expect(input.value).toBe(''));
    // The bidder's own answer is on the page at once, before any live message.
    const items = within(screen.getByRole('list', { name: /Historial de pujas/ })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('yo');
    expect(screen.getByText('$3.000', { selector: 'dd' })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const body = JSON.parse(String(fetchSpy.mock.calls[1]![1]!.body));
    expect(body).toEqual({ amount: 3000, auction_id: 7, product_id: 3 });
  });

  it('sends the optional maximum, checks it against the amount and shows the saved ceiling', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify(placedAnswer({ id: 11, amount: 3000, username: 'ana' })), {
        status: 201,
      }),
    );
    render(<Panel />);
    fireEvent.change(screen.getByLabelText('Tu puja ($)'), { target: { value: '3000' } });
    const max = screen.getByLabelText('Puja máxima ($)');
    expect(max.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(max, { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La puja máxima debe ser igual o mayor que tu puja',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.change(max, { target: { value: '9000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect((await screen.findByTestId('my-ceiling')).textContent).toBe('Tu puja máxima: $9.000');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body))).toEqual({
      amount: 3000,
      auction_id: 7,
      product_id: 3,
      max_amount: 9000,
    });
  });

  it('is a timer, and announces being outbid and an extension in a polite live region', async () => {
    const { rerender } = render(<Panel />);
    expect(screen.getByRole('timer').textContent).toMatch(/^0[23]h \d{2}m$/);
    const later = new Date(Date.parse(end) + 120_000).toISOString();
    await socketOpened();
    act(() => {
      socket.onMessage!({
        message: 'new_bid',
        bid: {
          id: 13,
          amount: 5000,
          timestamp: new Date().toISOString(),
          username: 'beto',
          avatar: null,
          auto: true,
        },
        ...race({ highest_bid: 5000, bid_count: 2, end_time: later }),
      });
    });
    rerender(<Panel />);
    const region = screen.getByRole('status', { name: '' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() =>
      expect(region.textContent).toMatch(/^Te han superado: beto pujó \$5\.000\. ¡Puja de último minuto!/),
    );
    expect(screen.getByText('Automática')).toBeTruthy();
  });

  it('puts a live new_bid at the top of the history and raises the current bid', async () => {
    const { rerender } = render(<Panel />);
    await socketOpened();
    act(() => {
      socket.onMessage!({
        message: 'new_bid',
        bid: liveBid({ id: 12, amount: 4000, username: 'beto' }),
        ...race({ highest_bid: 4000, bid_count: 2 }),
      });
    });
    rerender(<Panel />);
    const items = within(screen.getByRole('list', { name: /Historial de pujas/ })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('beto');
    expect(items[0]!.textContent).toContain('$4.000');
    expect(items[1]!.textContent).toContain('ana');
    expect(screen.getByText('$4.000', { selector: 'dd' })).toBeTruthy();
    // The same bid twice (socket and response) shows once.
    act(() => {
      socket.onMessage!({
        message: 'new_bid',
        bid: liveBid({ id: 12, amount: 4000, username: 'beto' }),
        ...race({ highest_bid: 4000, bid_count: 2 }),
      });
    });
    rerender(<Panel />);
    expect(screen.getAllByText('beto')).toHaveLength(1);
    expect(screen.getByText('2', { selector: 'dd' })).toBeTruthy();
  });
});
