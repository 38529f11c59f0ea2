import type { AdminPayout, AdminStatsResponse } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meta, serve, withConsoleSession, wrapper } from './admin.test-support.tsx';
import { AdminConsole } from './admin-console.tsx';

withConsoleSession();

const stats = (overrides: Partial<AdminStatsResponse> = {}): AdminStatsResponse => ({
  days: [
    { date: '2026-11-25', gmv: 150000, orders: 1, commission: 15000, new_users: 2, bids: 5 },
    { date: '2026-11-26', gmv: 0, orders: 0, commission: 0, new_users: 0, bids: 1 },
  ],
  totals: { gmv: 150000, orders: 1, commission: 15000, new_users: 2, bids: 6 },
  active_auctions: 3,
  payable_total: 135000,
  held_total: 40000,
  open_claims: 0,
  open_reports: 1,
  ...overrides,
});

const payout = (overrides: Partial<AdminPayout> = {}): AdminPayout => ({
  id: 'p-1',
  seller_id: 1,
  seller_username: 'vendedor_demo',
  seller_email: 'vendedor@demo.test',
  product_id: 10,
  product_name: 'Hot Wheels Camaro',
  amount: 150000,
  commission: 15000,
  payable_amount: 135000,
  status: 'payable',
  payable_since: '2026-11-20T12:00:00Z',
  paid_at: null,
  reference: null,
  bank: {
    bank_name: 'Bancolombia',
    account_type: 'ahorro',
    account_number: '1234567890',
    holder_name: 'Vendedor Demo',
    document_type: 'CC',
    document_number: '1020304050',
  },
  ...overrides,
});

describe('AdminConsole', () => {
  it('opens the tab the address names and keeps the chosen tab in the address', async () => {
    serve({
      'GET /api/admin/payouts': () => json(200, { items: [], meta: meta(0) }),
      'GET /api/admin/audit': () => json(200, { items: [], meta: meta(0) }),
    });
    render(wrapper(<AdminConsole />, '/admin?tab=pagos'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Pagos');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Resumen',
      'Pagos',
      'Reclamos',
      'Denuncias',
      'Señales',
      'Usuarios',
      'Registro',
    ]);
    await screen.findByText('No hay pagos en este estado.');
    fireEvent.click(screen.getByRole('tab', { name: 'Registro' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=registro');
    await screen.findByText('Aún no hay acciones registradas.');
    expect(screen.getByRole('tabpanel', { name: 'Registro' })).toBeTruthy();
  });

  it('falls back to Resumen for an unknown tab and shows what waits, with the days as a table', async () => {
    serve({ 'GET /api/admin/stats': () => json(200, stats()) });
    render(wrapper(<AdminConsole />, '/admin?tab=nada'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Resumen');
    await screen.findByText('Pendiente ahora');
    expect(document.querySelector('[data-total="payable"]')?.textContent).toBe('$ 135.000');
    expect(document.querySelector('[data-total="reports"]')?.textContent).toBe('1');
    const table = screen.getByRole('table', { name: 'Cifras por día (hora de Bogotá)' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: '25/11/2026' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /GMV por día/ })).toBeTruthy();
  });

  it('lists open and escalated claims and resolves one with an outcome and a note', async () => {
    const claim = {
      id: 7,
      product_id: 10,
      product_name: 'Hot Wheels Camaro',
      reason: 'danado',
      status: 'escalated',
      opened_at: '2026-11-20T12:00:00Z',
      seller_respond_by: '2026-11-23T12:00:00Z',
      description: 'Llegó con la caja rota y una rueda suelta.',
      buyer_username: 'comprador_demo',
      seller_username: 'vendedor_demo',
      amount: 150000,
      currency: 'COP',
      escalated_at: '2026-11-21T12:00:00Z',
      resolved_at: null,
      resolution_note: null,
    };
    const calls = serve({
      'GET /api/admin/claims': () => json(200, { items: [claim], meta: meta(1) }),
      'POST /api/admin/claims/7/resolve': () =>
        json(200, {
          message: 'Reclamo resuelto',
          claim: { ...claim, status: 'released', messages: [] },
        }),
    });
    render(wrapper(<AdminConsole />, '/admin?tab=reclamos'));
    const list = await screen.findByRole('list', { name: /Reclamos: abiertos y escalados/ });
    expect(within(list).getByText('Escalado')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /Resolver el reclamo por Hot Wheels Camaro/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolver reclamo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await within(dialog).findByText('Escribe una nota para el registro')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Liberar el pago al vendedor'));
    fireEvent.change(within(dialog).getByLabelText(/Nota/), { target: { value: 'Coincide con las fotos' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    await screen.findByText('Reclamo resuelto');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ outcome: 'release', note: 'Coincide con las fotos' });
    expect(calls[0]!.url).toContain('status=active');
    // Several dialogs and renders: generous on a busy machine.
  }, 20_000);

  it('marks the selected payouts paid with the reference, showing the server’s 409 and keeping the choice', async () => {
    let attempt = 0;
    const calls = serve({
      'GET /api/admin/payouts': () =>
        json(200, {
          items: [payout(), payout({ id: 'p-2', product_name: 'Carta Charizard' })],
          meta: meta(2),
        }),
      'POST /api/admin/payouts/mark-paid': () => {
        attempt += 1;
        return attempt === 1
          ? json(409, {
              message: 'El pago p-2 ("Carta Charizard") no está disponible para pago (estado: paid).',
            })
          : json(200, {
              message: '1 pago marcado como pagado.',
              paid_at: '2026-11-26T10:00:00Z',
              reference: 'TRX-1',
              payouts: [],
            });
      },
    });
    render(wrapper(<AdminConsole />, '/admin?tab=pagos'));
    await screen.findByText('Carta Charizard');
    expect(screen.getAllByText('Bancolombia')).toHaveLength(2);
    const markButton = screen.getByRole('button', { name: /Marcar como pagados/ });
    expect((markButton as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: /Carta Charizard/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como pagados (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como pagados' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagados' }));
    expect(await within(dialog).findByText('La referencia de la transferencia es obligatoria')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Referencia de la transferencia/), {
      target: { value: ' TRX-1 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagados' }));
    expect(await within(dialog).findByText(/no está disponible para pago/)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]?.body).toEqual({ payout_ids: ['p-2'], reference: 'TRX-1' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagados' }));
    await screen.findByText('1 pago marcado como pagado.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list is read again after each attempt: the first load, after the 409, after the success.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/admin/payouts?')).length).toBe(3));
  });

  it('offers no selection on paid payouts and shows their date and reference', async () => {
    serve({
      'GET /api/admin/payouts': () =>
        json(200, {
          items: [payout({ status: 'paid', paid_at: '2026-11-26T15:00:00Z', reference: 'TRX-77' })],
          meta: meta(1),
        }),
    });
    render(wrapper(<AdminConsole />, '/admin?tab=pagos'));
    fireEvent.change(await screen.findByLabelText('Estado'), { target: { value: 'paid' } });
    await screen.findByText('TRX-77');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Marcar como pagados/ })).toBeNull();
  });
});
