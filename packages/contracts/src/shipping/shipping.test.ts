import { describe, expect, it } from 'vitest';
import {
  isSetDefaultOnly,
  shippingAddressMessages as m,
  ShippingAddressInputSchema,
} from './shipping-address.schemas.ts';
import {
  ChangeShippingStatusSchema,
  formatSaleAddress,
  productPaymentStatusLabel,
  shippingAction,
  shippingStatusLabel,
  shippingStatusMessages,
} from './shipping-status.ts';

const valid = {
  address: 'Calle 10 # 43-20',
  city: 'Medellín',
  state: 'Antioquia',
  country: 'Colombia',
  postal_code: '050021',
};

function messagesOf(input: unknown): string[] {
  const result = ShippingAddressInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('ShippingAddressInputSchema', () => {
  it('accepts an address; the default flag is optional and false by default', () => {
    expect(ShippingAddressInputSchema.parse(valid).is_default).toBe(false);
    expect(ShippingAddressInputSchema.parse({ ...valid, is_default: true }).is_default).toBe(true);
  });

  it('trims every field', () => {
    expect(ShippingAddressInputSchema.parse({ ...valid, city: '  Cali ' }).city).toBe('Cali');
  });

  const fields: Array<[keyof typeof valid, string]> = [
    ['address', m.addressRequired],
    ['city', m.cityRequired],
    ['state', m.stateRequired],
    ['country', m.countryRequired],
    ['postal_code', m.postalCodeRequired],
  ];
  it.each(fields)('%s: missing, empty and whitespace-only give its message', (field, message) => {
    for (const value of [undefined, '', '   ', '\t\n']) {
      expect(messagesOf({ ...valid, [field]: value })).toEqual([message]);
    }
  });

  it('lists all five messages for an empty form, in form order', () => {
    expect(messagesOf({})).toEqual(fields.map(([, message]) => message));
  });

  it('recognises the set-default-only update body', () => {
    expect(isSetDefaultOnly({ is_default: true })).toBe(true);
    expect(isSetDefaultOnly({ is_default: false })).toBe(false);
    expect(isSetDefaultOnly({ ...valid, is_default: true })).toBe(false);
    expect(isSetDefaultOnly(null)).toBe(false);
  });
});

describe('shipping status', () => {
  it.each([
    ['pending', 'Pendiente'],
    ['shipped', 'Enviado'],
    ['delivered', 'Entregado'],
    ['returned', 'Devuelto'],
    ['cancelled', 'Cancelado'],
    ['in_transit', 'En Tránsito'],
    ['lost', 'Extraviado'],
    ['teleported', 'Desconocido'],
    [null, 'Desconocido'],
  ])('%s → %s', (status, label) => {
    expect(shippingStatusLabel(status)).toBe(label);
  });

  it.each([
    ['sold', 'Pagado'],
    ['shipped', 'Enviado'],
    ['delivered', 'Entregado'],
    ['cancelled', 'Cancelado'],
    ['available', 'Desconocido'],
  ])('product payment status %s → %s', (status, label) => {
    expect(productPaymentStatusLabel(status)).toBe(label);
  });

  it.each([
    ['pending', 'mark-shipped', 'Marcar como Enviado'],
    [null, 'mark-shipped', 'Marcar como Enviado'],
    ['shipped', 'text', 'En proceso de entrega'],
    ['in_transit', 'text', 'En proceso de entrega'],
    ['delivered', 'text', 'Entregado'],
    ['lost', 'text', 'No disponible'],
    ['returned', 'text', 'No disponible'],
  ])('action for %s → %s %s', (status, kind, label) => {
    expect(shippingAction(status)).toEqual({ kind, label });
  });

  it('accepts only pending → shipped requests', () => {
    expect(ChangeShippingStatusSchema.parse({ product_id: '7', shipping_status: 'shipped' })).toEqual({
      product_id: 7,
      shipping_status: 'shipped',
    });
    const bad = ChangeShippingStatusSchema.safeParse({ product_id: 7, shipping_status: 'delivered' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      shippingStatusMessages.onlyShipped,
    ]);
    const noId = ChangeShippingStatusSchema.safeParse({ shipping_status: 'shipped' });
    expect(noId.success ? [] : noId.error.issues.map((i) => i.message)).toEqual([
      shippingStatusMessages.productIdRequired,
    ]);
  });

  it('formats a sale address on one line', () => {
    expect(
      formatSaleAddress({
        address: 'Cra 1',
        city: 'Cali',
        state: 'Valle',
        country: 'Colombia',
        zip_code: '760001',
      }),
    ).toBe('Cra 1, Cali, Valle, Colombia, 760001');
    expect(formatSaleAddress('Texto libre')).toBe('Texto libre');
    expect(formatSaleAddress(null)).toBe('N/A');
  });
});
