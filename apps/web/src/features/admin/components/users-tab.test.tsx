import type { AdminUser } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meta, serve, withConsoleSession, wrapper } from './admin.test-support.tsx';
import { AdminConsole } from './admin-console.tsx';

withConsoleSession();

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 3,
  username: 'comprador_demo',
  email: 'comprador@demo.test',
  is_seller: false,
  is_operator: false,
  status: 'active',
  has_password: true,
  created_at: '2026-10-01T12:00:00Z',
  suspended_at: null,
  suspension_reason: null,
  sales_count: 0,
  purchases_count: 2,
  unpaid_strikes: 0,
  ...overrides,
});

const rowOf = (username: string) =>
  screen
    .getAllByRole('listitem')
    .find((li) => li.dataset.userId && within(li).queryByText(username, { exact: true }))!;

describe('Usuarios: unpaid strikes', () => {
  it('shows each account’s unpaid won items, a block at 3, and offers clearing only where there are some', async () => {
    serve({
      'GET /api/admin/users': () =>
        json(200, {
          items: [
            user(),
            user({ id: 4, username: 'moroso', email: 'moroso@example.com', unpaid_strikes: 3 }),
            user({ id: 5, username: 'olvidadizo', email: 'olvido@example.com', unpaid_strikes: 1 }),
          ],
          meta: meta(3),
        }),
    });
    render(wrapper(<AdminConsole />, '/admin?tab=usuarios'));
    await screen.findByText('moroso');
    const clean = rowOf('comprador_demo');
    expect(within(clean).getByText('Compras sin pagar')).toBeTruthy();
    expect(within(clean).getByText('Ninguna')).toBeTruthy();
    expect(within(clean).queryByRole('button', { name: /Borrar compras sin pagar/ })).toBeNull();

    const blocked = rowOf('moroso');
    expect(within(blocked).getByText('3 en el último año')).toBeTruthy();
    expect(within(blocked).getByText('No puede pujar ni comprar')).toBeTruthy();
    expect(within(blocked).getByRole('button', { name: 'Borrar compras sin pagar de moroso' })).toBeTruthy();

    const one = rowOf('olvidadizo');
    expect(within(one).getByText('1 en el último año')).toBeTruthy();
    expect(within(one).queryByText('No puede pujar ni comprar')).toBeNull();
  });

  it('clears them after asking, says so and reads the list again', async () => {
    let strikes = 3;
    const calls = serve({
      'GET /api/admin/users': () =>
        json(200, {
          items: [user({ id: 4, username: 'moroso', unpaid_strikes: strikes })],
          meta: meta(1),
        }),
      'POST /api/admin/users/4/clear-strikes': () => {
        strikes = 0;
        return json(200, {
          message: 'Se borraron las compras sin pagar de moroso',
          cleared: 3,
          unpaid_strikes: 0,
        });
      },
    });
    render(wrapper(<AdminConsole />, '/admin?tab=usuarios'));
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar compras sin pagar de moroso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar las compras sin pagar de moroso' });
    expect(dialog.textContent).toContain('moroso tiene 3 compras ganadas sin pagar en el último año.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar compras sin pagar' }));
    expect(await screen.findByText('Se borraron las compras sin pagar de moroso')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/users/4/clear-strikes',
    ]);
    await screen.findByText('Ninguna');
    expect(screen.queryByRole('button', { name: /Borrar compras sin pagar/ })).toBeNull();
  });

  it('keeps the dialog open with the error when clearing fails', async () => {
    serve({
      'GET /api/admin/users': () =>
        json(200, { items: [user({ id: 4, username: 'moroso', unpaid_strikes: 1 })], meta: meta(1) }),
      'POST /api/admin/users/4/clear-strikes': () => json(500, { message: 'Error interno' }),
    });
    render(wrapper(<AdminConsole />, '/admin?tab=usuarios'));
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar compras sin pagar de moroso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar las compras sin pagar de moroso' });
    expect(dialog.textContent).toContain('moroso tiene 1 compra ganada sin pagar en el último año.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar compras sin pagar' }));
    expect(
      await within(dialog).findByText(
        'No se pudieron borrar las compras sin pagar. Por favor, intenta nuevamente.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Se borraron/)).toBeNull();
  });
});
