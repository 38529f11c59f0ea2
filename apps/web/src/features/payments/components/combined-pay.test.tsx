import type { WonAuctionItem } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CombinedPay, combinableGroups } from './combined-pay.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const later = new Date(Date.now() + 48 * 3600_000).toISOString();
const item = (overrides: Partial<WonAuctionItem>): WonAuctionItem => ({
  kind: 'auction',
  auction_id: 7,
  seller_username: 'vendedor',
  payment_id: 'p',
  product_id: 3,
  product_name: 'Producto',
  product_image: null,
  status: 'pending',
  amount: 10_000,
  currency: 'COP',
  payment_link: null,
  expires_at: later,
  created_at: '2026-11-22T12:00:00Z',
  ...overrides,
});

const items = [
  item({ payment_id: 'a', product_name: 'Camaro', amount: 30_000 }),
  item({ payment_id: 'b', product_name: 'Bronco', amount: 12_500, kind: 'offer', auction_id: null }),
  item({ payment_id: 'c', product_name: 'Pagado', status: 'confirmed' }),
  item({ payment_id: 'd', product_name: 'Vencido', expires_at: '2020-01-01T00:00:00Z' }),
  item({ payment_id: 'e', product_name: 'Solo de otro', seller_username: 'otro' }),
];

beforeEach(() => localStorage.setItem('jwt_token', 'token'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderPay(list: WonAuctionItem[]) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <CombinedPay items={list} />
    </QueryClientProvider>,
  );
}

describe("'Pagar juntos'", () => {
  it('groups only the waiting items of a seller with two or more', () => {
    const groups = combinableGroups(items);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.seller).toBe('vendedor');
    expect(groups[0]!.items.map((i) => i.payment_id)).toEqual(['a', 'b']);
    expect(combinableGroups(items.slice(2))).toEqual([]);
  });

  it('shows nothing with fewer than two waiting items of one seller', () => {
    renderPay(items.slice(1));
    expect(screen.queryByRole('button', { name: 'Pagar juntos' })).toBeNull();
  });

  it('asks for one payment of the group and shows the server’s message when it is refused', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(409, {
        message: '"Camaro": El plazo para pagar este artículo expiró.',
        code: 'PAYMENT_EXPIRED',
      }),
    );
    renderPay(items);
    const group = screen.getByRole('listitem', { name: '2 artículos de vendedor' });
    expect(group.textContent).toContain('42.500');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar juntos' }));
    await screen.findByText('"Camaro": El plazo para pagar este artículo expiró.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/payments/combined');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ payment_ids: ['a', 'b'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar juntos' })).toBeTruthy());
  });
});
