import { trustMessages } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UnpaidStrikesNotice } from './unpaid-strikes-notice.tsx';

afterEach(cleanup);

const renderNotice = (strikes: number) =>
  render(
    <MemoryRouter>
      <UnpaidStrikesNotice strikes={strikes} wonHref="/auctions/won/" />
    </MemoryRouter>,
  );

describe('UnpaidStrikesNotice', () => {
  it('shows nothing without strikes', () => {
    const { container } = renderNotice(0);
    expect(container.textContent).toBe('');
  });

  it.each([
    [1, 'Dejaste vencer sin pagar 1 compra ganada en el último año.'],
    [2, 'Dejaste vencer sin pagar 2 compras ganadas en el último año.'],
  ])('%i: the count and that at 3 in a year bidding and buying stop', (strikes, counted) => {
    renderNotice(strikes);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(`Compras ganadas sin pagar: ${strikes}`);
    expect(note.textContent).toContain(counted);
    expect(note.textContent).toContain('Si llegas a 3 en un año, tu cuenta no podrá pujar ni comprar.');
    expect(screen.getByRole('link', { name: 'Ver mis subastas ganadas' }).getAttribute('href')).toBe(
      '/auctions/won/',
    );
  });

  it('at 3 it says the account is stopped, in the words the server refuses with', () => {
    renderNotice(3);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Compras ganadas sin pagar: 3');
    expect(alert.textContent).toContain(trustMessages.struckOut);
  });
});
