import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SellerGate } from './seller-gate.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A token whose subject is the given user id (the app reads only the subject). */
const tokenFor = (userId: number) =>
  `h.${btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, '')}.s`;

describe('SellerGate', () => {
  afterEach(() => vi.unstubAllGlobals());
  const show = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SellerGate>
            <h1>Mis Pagos</h1>
          </SellerGate>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const sellerAnswer = (isSeller: boolean) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(isSeller), { status: 200 })),
    );

  it("shows a buyer 'Conviértete en vendedor' instead of the seller's screen", async () => {
    localStorage.setItem('jwt_token', tokenFor(5));
    sellerAnswer(false);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conviértete en vendedor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mis Pagos' })).toBeNull();
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/users/profile/check_seller');
  });

  it("shows a seller the seller's screen", async () => {
    localStorage.setItem('jwt_token', tokenFor(1));
    sellerAnswer(true);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Pagos' })).toBeTruthy();
    expect(screen.queryByText('Conviértete en vendedor')).toBeNull();
  });

  it('shows a visitor the message without asking the server', () => {
    sellerAnswer(true);
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Conviértete en vendedor' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
