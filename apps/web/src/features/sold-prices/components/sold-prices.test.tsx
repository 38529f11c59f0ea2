import { catalogMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saleDay, saleDayLabel } from './sale-day.ts';
import { SoldPrices } from './sold-prices.tsx';

describe('SoldPrices (Vendidos recientemente)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const reply = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
  const show = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SoldPrices productId={7} />
      </QueryClientProvider>,
    );
  const section = () => screen.getByRole('region', { name: catalogMessages.soldTitle });

  it('shows a skeleton while loading, then the median, lowest, highest and a table of the sales', async () => {
    reply(200, {
      items: [
        {
          name: 'Camaro rojo',
          image: null,
          price: 90_000,
          sold_at: '2026-11-01T15:00:00.000Z',
          kind: 'buy_now',
        },
        {
          name: 'Camaro azul',
          image: null,
          price: 70_000,
          sold_at: '2026-06-01T15:00:00.000Z',
          kind: 'auction',
        },
      ],
      stats: { count: 2, median: 80_000, min: 70_000, max: 90_000 },
    });
    show();
    expect(within(section()).getByRole('status').textContent).toContain('Cargando ventas recientes');
    // The request leaves in a task after the render's (api-client.ts).
    await vi.waitFor(() => expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/catalog/sold/7'));
    await within(section()).findByText('Precio mediano');
    const text = section().textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toMatch(/Precio mediano\$ ?80\.000/);
    expect(text).toMatch(/Mínimo\$ ?70\.000/);
    expect(text).toMatch(/Máximo\$ ?90\.000/);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Camaro rojo');
    expect(rows[2]!.textContent).toContain('Subasta');
    expect(screen.getByRole('img', { name: /Precio de venta en el tiempo/ })).toBeTruthy();
  });

  it("dates a sale by Bogotá's day, in the table and the chart alike, whatever the device's zone", async () => {
    // 3 a.m. UTC on 2 November is 10 p.m. on 1 November in Bogotá (UTC-5).
    const late = '2026-11-02T03:00:00.000Z';
    expect(saleDay(late)).toBe('2026-11-01');
    expect(saleDayLabel(late)).toBe('1 de noviembre de 2026');
    expect(saleDay('2026-11-02T05:00:00.000Z')).toBe('2026-11-02');
    reply(200, {
      items: [{ name: 'Camaro tardío', image: null, price: 90_000, sold_at: late, kind: 'buy_now' }],
      stats: { count: 1, median: 90_000, min: 90_000, max: 90_000 },
    });
    show();
    await within(section()).findByText('Precio mediano');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('1 de noviembre de 2026');
  });

  it('says so when nothing similar sold', async () => {
    reply(200, { items: [], stats: { count: 0, median: null, min: null, max: null } });
    show();
    await within(section()).findByText(catalogMessages.soldEmpty);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry that asks again', async () => {
    reply(500, { message: 'boom' });
    show();
    const retry = await within(section()).findByRole('button', { name: 'Reintentar' });
    expect(within(section()).getByRole('alert')).toBeTruthy();
    reply(200, { items: [], stats: { count: 0, median: null, min: null, max: null } });
    fireEvent.click(retry);
    await within(section()).findByText(catalogMessages.soldEmpty);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
