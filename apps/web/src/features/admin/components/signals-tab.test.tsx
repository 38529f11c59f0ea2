import type { Signal } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meta, serve, withConsoleSession, wrapper } from './admin.test-support.tsx';
import { AdminConsole } from './admin-console.tsx';

withConsoleSession();

const signal = (overrides: Partial<Signal> = {}): Signal => ({
  seller_id: 4,
  seller_username: 'vendedor_demo',
  bidder_id: 9,
  bidder_username: 'postor_x',
  kinds: ['shared_address'],
  products: [
    { id: 11, name: 'Hot Wheels Camaro', link: '/auctions/product/11', taken_down: false },
    { id: 12, name: 'Carta Charizard', link: '/products/buy/12', taken_down: true },
  ],
  evidence: {
    shared_addresses: ['190.85.1.7', '2800:e2:1::5'],
    bids_to_seller: 3,
    bids_total: 4,
    bid_share: 0.75,
    ever_won: false,
  },
  confirmed: false,
  ...overrides,
});

const signalsUrl = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/admin/signals?'));

const openSignals = () => render(wrapper(<AdminConsole />, '/admin?tab=senales'));

describe('Señales', () => {
  it('lists each pair with its products linked and the evidence, and says a shared address proves nothing', async () => {
    serve({ 'GET /api/admin/signals': () => json(200, { items: [signal()], meta: meta(1) }) });
    openSignals();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Señales');
    expect(screen.getByText('Cargando señales...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Señales' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(within(row).getByRole('link', { name: 'vendedor_demo' }).getAttribute('href')).toBe(
      '/public-profile/vendedor_demo',
    );
    expect(within(row).getByRole('link', { name: 'postor_x' }).getAttribute('href')).toBe(
      '/public-profile/postor_x',
    );
    expect(within(row).getByRole('link', { name: 'Hot Wheels Camaro' }).getAttribute('href')).toBe(
      '/auctions/product/11',
    );
    expect(within(row).getByRole('link', { name: 'Carta Charizard' }).getAttribute('href')).toBe(
      '/products/buy/12',
    );
    expect(within(row).getByText('Dirección compartida')).toBeTruthy();
    expect(row.textContent).toContain(
      'Mismas direcciones de red que el vendedor en los últimos 30 días: 190.85.1.7, 2800:e2:1::5',
    );
    expect(
      within(row).getByText('3 de 4 pujas (75%) en productos de este vendedor, sin ganar nunca'),
    ).toBeTruthy();
    // A product already down has no takedown; the other one has.
    expect(within(row).getByText('Retirado')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('button', { name: /^Retirar producto/ })
        .map((b) => b.textContent),
    ).toEqual(['Retirar producto Hot Wheels Camaro']);
    expect(screen.getByText(/Una dirección compartida no prueba nada por sí sola/)).toBeTruthy();
    expect(screen.getByText('1 señal')).toBeTruthy();
  });

  it('names the concentration signal and a confirmed pair; one address and a bidder who won read so', async () => {
    serve({
      'GET /api/admin/signals': () =>
        json(200, {
          items: [
            signal({
              kinds: ['bid_concentration'],
              confirmed: true,
              products: [],
              evidence: {
                shared_addresses: [],
                bids_to_seller: 9,
                bids_total: 10,
                bid_share: 0.9,
                ever_won: false,
              },
            }),
            signal({
              seller_id: 5,
              seller_username: 'tienda_retro',
              evidence: {
                shared_addresses: ['10.0.0.1'],
                bids_to_seller: 1,
                bids_total: 1,
                bid_share: 1,
                ever_won: true,
              },
            }),
          ],
          meta: meta(2),
        }),
    });
    openSignals();
    const list = await screen.findByRole('list', { name: 'Señales' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.signal);
    expect(within(first!).getByText('Pujas concentradas')).toBeTruthy();
    expect(within(first!).getByText('Par confirmado')).toBeTruthy();
    expect(within(first!).queryByText(/dirección de red/)).toBeNull();
    expect(
      within(first!).getByText('9 de 10 pujas (90%) en productos de este vendedor, sin ganar nunca'),
    ).toBeTruthy();
    expect(second!.textContent).toContain(
      'Misma dirección de red que el vendedor en los últimos 30 días: 10.0.0.1',
    );
    expect(
      within(second!).getByText('1 de 1 puja (100%) en productos de este vendedor; ha ganado alguna subasta'),
    ).toBeTruthy();
    expect(screen.getByText('2 señales')).toBeTruthy();
  });

  it('says when there are none, and offers a retry when the list fails', async () => {
    let attempt = 0;
    serve({
      'GET /api/admin/signals': () => {
        attempt += 1;
        return attempt === 1
          ? json(500, { message: 'Error interno' })
          : json(200, { items: [], meta: meta(0) });
      },
    });
    openSignals();
    expect(await screen.findByText('No pudimos cargar las señales.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay señales.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Señales' })).toBeNull();
  });

  it('confirms a pair after asking, shows the server’s answer and reads the list again', async () => {
    let confirmed = false;
    const calls = serve({
      'GET /api/admin/signals': () => json(200, { items: [signal({ confirmed })], meta: meta(1) }),
      'POST /api/admin/signals/confirm': () => {
        confirmed = true;
        return json(200, {
          message: 'Par confirmado: se anuló 1 puja en las subastas en curso del vendedor',
          voided_bids: 1,
        });
      },
    });
    openSignals();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar par vendedor_demo y postor_x' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar par' });
    expect(dialog.textContent).toContain('¿Confirmar que postor_x puja por cuenta de vendedor_demo?');
    // Nothing is sent until the operator confirms.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar par' }));
    expect(
      await screen.findByText('Par confirmado: se anuló 1 puja en las subastas en curso del vendedor'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      seller_username: 'vendedor_demo',
      bidder_username: 'postor_x',
    });
    await screen.findByText('Par confirmado', { selector: '.badge' });
    expect(signalsUrl(calls).length).toBe(2);
  });

  it('keeps the dialog open with the server’s refusal when confirming fails, and cancels without a call', async () => {
    const calls = serve({
      'GET /api/admin/signals': () => json(200, { items: [signal()], meta: meta(1) }),
      'POST /api/admin/signals/confirm': () => json(404, { message: 'Ese vendedor o ese postor no existe' }),
    });
    openSignals();
    fireEvent.click(await screen.findByRole('button', { name: /^Confirmar par/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar par' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar par' }));
    expect(await within(dialog).findByText('Ese vendedor o ese postor no existe')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('takes a product down from its row with the console’s takedown, reason required', async () => {
    const calls = serve({
      'GET /api/admin/signals': () => json(200, { items: [signal()], meta: meta(1) }),
      'POST /api/admin/products/11/takedown': () =>
        json(200, { message: 'Producto retirado.', product_id: 11, taken_down_at: '2026-11-26T10:00:00Z' }),
    });
    openSignals();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirar producto Hot Wheels Camaro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar «Hot Wheels Camaro»' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar' }));
    expect(await within(dialog).findByText('El motivo es obligatorio')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'Pujas infladas' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Producto retirado.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Pujas infladas' });
    await waitFor(() => expect(signalsUrl(calls).length).toBe(2));
  });

  it('suspends the bidder or the seller with the console’s suspension, showing a refusal in the dialog', async () => {
    const calls = serve({
      'GET /api/admin/signals': () => json(200, { items: [signal()], meta: meta(1) }),
      'POST /api/admin/users/9/suspend': () =>
        json(200, { message: 'La cuenta de postor_x quedó suspendida.', products_taken_down: 0 }),
      'POST /api/admin/users/4/suspend': () =>
        json(409, { message: 'No puedes suspender a otro operador. Quítale primero el rol de operador.' }),
    });
    openSignals();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspender vendedor vendedor_demo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspender a vendedor_demo' });
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'Pujas propias' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(await within(dialog).findByText(/No puedes suspender a otro operador/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Suspender postor postor_x' }));
    dialog = await screen.findByRole('dialog', { name: 'Suspender a postor_x' });
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'Pujas propias' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(await screen.findByText('La cuenta de postor_x quedó suspendida.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/users/4/suspend', { reason: 'Pujas propias' }],
      ['/api/admin/users/9/suspend', { reason: 'Pujas propias' }],
    ]);
  }, 20_000);

  it('pages through the signals', async () => {
    const calls = serve({
      'GET /api/admin/signals': () => json(200, { items: [signal()], meta: meta(21, 2, 1) }),
    });
    openSignals();
    const pager = await screen.findByRole('navigation', { name: 'Páginas de señales' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(signalsUrl(calls).some((c) => c.url.includes('page=2'))).toBe(true));
    expect(signalsUrl(calls)[0]!.url).toContain('page=1');
  });
});
