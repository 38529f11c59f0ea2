import type { PaymentVerification, WonAuctionItem } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { PaymentResultView } from './payment-result-view.tsx';
import { LINK_MIN_DELAY_MS, WonAuctionsView } from './won-auctions-view.tsx';

function wrapper(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const item = (overrides: Partial<WonAuctionItem> = {}): WonAuctionItem => ({
  kind: 'auction',
  auction_id: 7,
  seller_username: 'vendedor',
  payment_id: '3f2a9c1e-7b4d-4e8a-9c2b-1a2b3c4d5e6f',
  product_id: 3,
  product_name: 'Hot Wheels Camaro',
  product_image: null,
  status: 'pending',
  amount: 150000,
  currency: 'COP',
  payment_link: null,
  expires_at: '2026-11-25T12:00:00Z',
  created_at: '2026-11-22T12:00:00Z',
  ...overrides,
});

beforeEach(() => localStorage.setItem('jwt_token', 'token'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

describe('WonAuctionsView', () => {
  it('shows the empty state with a way to the auctions', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, []));
    render(wrapper(<WonAuctionsView />));
    await screen.findByText('No has ganado ninguna subasta todavía');
    expect(screen.getByRole('link', { name: 'Explorar Subastas' }).getAttribute('href')).toBe('/auctions');
  });

  it('labels each status and offers Pagar only for a payable item with a link', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, [
        item({
          payment_id: 'a',
          product_name: 'Con link',
          payment_link: 'https://checkout.bold.co/payment/LNK_1',
        }),
        item({ payment_id: 'b', product_name: 'Pagado', status: 'confirmed' }),
        item({ payment_id: 'c', product_name: 'Vencido', status: 'expired' }),
      ]),
    );
    render(wrapper(<WonAuctionsView />));
    await screen.findByText('Con link');
    expect(screen.getByRole('link', { name: 'Pagar' }).getAttribute('href')).toBe(
      'https://checkout.bold.co/payment/LNK_1',
    );
    expect(screen.getByText('Link de pago disponible')).toBeTruthy();
    expect(screen.getByText('Pendiente')).toBeTruthy();
    expect(screen.getAllByText('Pagado').length).toBe(2);
    expect(screen.getByText('Expirado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generar Link' })).toBeNull();
  });

  it('names a sale without an auction record by its payment, not by a missing auction', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, [item({ auction_id: null, product_name: 'Sin subasta', status: 'confirmed' }), item()]),
    );
    render(wrapper(<WonAuctionsView />));
    await screen.findByText('Sin subasta');
    // Each card names where the item came from, then its seller.
    expect(screen.getByText('Compra #3f2a9c1e… · vendedor')).toBeTruthy();
    expect(screen.getByText('Subasta #7 · vendedor')).toBeTruthy();
    expect(screen.queryByText(/Subasta #null/)).toBeNull();
  });

  it('names an accepted offer as such, not by its payment or a missing auction', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, [item({ kind: 'offer', auction_id: null, product_name: 'Por oferta' })]),
    );
    render(wrapper(<WonAuctionsView />));
    await screen.findByText('Por oferta');
    expect(screen.getByText('Oferta aceptada · vendedor')).toBeTruthy();
    expect(screen.queryByText(/Compra #|Subasta #/)).toBeNull();
  });

  it('keeps "Generando..." at least 2 s, then reloads the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/bold/create/')) {
        return json(201, {
          message: 'Link de pago generado correctamente.',
          payment_link: 'https://x/LNK_2',
        });
      }
      listed += 1;
      return json(200, [item(listed > 1 ? { payment_link: 'https://x/LNK_2' } : {})]);
    });
    render(wrapper(<WonAuctionsView />));
    await screen.findByText('Genera tu link de pago');
    fireEvent.click(screen.getByRole('button', { name: 'Generar Link' }));
    await screen.findByRole('button', { name: 'Generando...' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LINK_MIN_DELAY_MS - 200);
    });
    expect(screen.getByRole('button', { name: 'Generando...' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    await screen.findByRole('link', { name: 'Pagar' });
    expect(listed).toBe(2);
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/bold/create/${item().payment_id}`)),
    ).toBe(true);
  });
});

describe('PaymentResultView', () => {
  const verification = (status: PaymentVerification['status']): PaymentVerification => ({
    payment_id: item().payment_id,
    status,
    kind: 'auction',
    auction_id: 7,
    product_id: 3,
    product_name: 'Hot Wheels Camaro',
    amount: 150000,
    currency: 'COP',
    confirmed_at: null,
    message: null,
  });

  it('says the URL lacks parameters', () => {
    render(wrapper(<PaymentResultView txStatus={null} paymentId={null} />));
    expect(screen.getByText('Faltan parámetros requeridos en la URL')).toBeTruthy();
  });

  it('verifies an approved return and succeeds only when the server confirmed', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, verification('confirmed')));
    render(wrapper(<PaymentResultView txStatus="approved" paymentId={item().payment_id} />));
    expect(screen.getByText('Verificando estado del pago...')).toBeTruthy();
    await screen.findByText('¡Pago Completado!');
    expect(screen.getByText('Subasta #7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la subasta' }).getAttribute('href')).toBe('/');
  });

  it('fails an approved return the server has not confirmed', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, verification('pending')));
    render(wrapper(<PaymentResultView txStatus="approved" paymentId={item().payment_id} />));
    await screen.findByText('Error al procesar el pago');
    expect(screen.getByText('Estado del pago: pending')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it('toasts a verification failure with the server message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(404, { message: 'No se encontró el pago.' }));
    render(wrapper(<PaymentResultView txStatus="approved" paymentId={item().payment_id} />));
    await screen.findByText('Error al verificar el pago con Bold: No se encontró el pago.');
    expect(screen.getByText('Estado del pago: Desconocido')).toBeTruthy();
  });

  it('does not ask the server about a rejected return', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    render(wrapper(<PaymentResultView txStatus="rejected" paymentId={item().payment_id} />));
    await waitFor(() => expect(screen.getByText('Estado del pago: rejected')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
