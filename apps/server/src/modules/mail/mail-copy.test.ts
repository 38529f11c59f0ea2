import { describe, expect, it } from 'vitest';
import { mailContentOf } from './mail-copy.ts';

describe('the words of an outbox row', () => {
  it('writes a payment reminder from its values, for a won auction and for an accepted offer', () => {
    expect(
      mailContentOf('payment_reminder', {
        product: 'Ferrari F40 1:18',
        offer: false,
        link: '/auctions/won/',
      }),
    ).toEqual({
      kind: 'payment_reminder',
      title: 'Te quedan menos de 24 horas para pagar',
      message: 'Ganaste "Ferrari F40 1:18". Si no pagas a tiempo, se ofrecerá al siguiente postor.',
      link: '/auctions/won/',
    });
    expect(
      mailContentOf('payment_reminder', {
        product: 'Greenlight Bronco',
        offer: true,
        link: '/auctions/won/',
      }),
    ).toEqual({
      kind: 'payment_reminder',
      title: 'Te quedan menos de 24 horas para pagar',
      message: 'Tu oferta por "Greenlight Bronco" fue aceptada. Si no pagas a tiempo, la reserva se cancela.',
      link: '/auctions/won/',
    });
  });

  it('keeps the stored text of every other row (and of a reminder queued with its text)', () => {
    const stored = { title: 'Pago confirmado', message: 'Tu pago fue confirmado.', link: '/purchases' };
    expect(mailContentOf('payment_confirmed', stored)).toEqual({ kind: 'payment_confirmed', ...stored });
    expect(mailContentOf('payment_reminder', stored)).toEqual({ kind: 'payment_reminder', ...stored });
  });
});
