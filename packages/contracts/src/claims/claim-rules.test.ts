import { describe, expect, it } from 'vitest';
import { payoutHoldLabel } from '../payments/payment.schemas.ts';
import { ChangeShippingStatusSchema } from '../shipping/shipping-status.ts';
import { toTracking, trackingMessages, trackingUrl } from '../shipping/tracking.ts';
import { OpenClaimInputSchema } from './claim.schemas.ts';
import { canEscalate, claimEligibility, claimWindowEndsAt, sellerRespondBy } from './claim-rules.ts';

const DAY = 24 * 3600 * 1000;
const delivered = new Date('2026-11-01T12:00:00Z');
const ends = claimWindowEndsAt(delivered, 7);

describe('claim eligibility', () => {
  it.each([
    ['shipped', null, null, new Date('2026-12-30T00:00:00Z'), 'eligible'],
    ['pending', null, null, delivered, 'not_shipped'],
    ['delivered', ends.toISOString(), null, ends, 'eligible'],
    ['delivered', ends.toISOString(), null, new Date(ends.getTime() + 1), 'window_over'],
    ['delivered', null, null, delivered, 'window_over'],
    ['shipped', null, { status: 'open' as const }, delivered, 'claim_active'],
    ['shipped', null, { status: 'escalated' as const }, delivered, 'claim_active'],
    ['shipped', null, { status: 'refunded' as const }, delivered, 'refunded'],
    ['shipped', null, { status: 'released' as const }, delivered, 'eligible'],
  ])('%s, window end %s, claim %o at %s: %s', (shipping, windowEnd, claim, now, expected) => {
    expect(claimEligibility({ shipping_status: shipping, claim_window_ends_at: windowEnd }, claim, now)).toBe(
      expected,
    );
  });

  it('window and response times', () => {
    expect(ends.getTime() - delivered.getTime()).toBe(7 * DAY);
    expect(sellerRespondBy(delivered).getTime() - delivered.getTime()).toBe(3 * DAY);
  });

  it('escalation: seller any time, buyer after the response time, only open claims', () => {
    const claim = { status: 'open' as const, seller_respond_by: sellerRespondBy(delivered) };
    expect(canEscalate('seller', claim, delivered)).toBe(true);
    expect(canEscalate('buyer', claim, delivered)).toBe(false);
    expect(canEscalate('buyer', claim, new Date(delivered.getTime() + 3 * DAY))).toBe(true);
    expect(canEscalate('operator', claim, new Date(delivered.getTime() + 9 * DAY))).toBe(false);
    expect(canEscalate('seller', { ...claim, status: 'escalated' }, delivered)).toBe(false);
  });

  it('the open-claim form: reason and 20-1000 characters, trimmed', () => {
    const ok = OpenClaimInputSchema.safeParse({
      product_id: '12',
      reason: 'danado',
      description: `  ${'a'.repeat(20)}  `,
    });
    expect(ok.success && ok.data).toEqual({ product_id: 12, reason: 'danado', description: 'a'.repeat(20) });
    expect(
      OpenClaimInputSchema.safeParse({ product_id: 1, reason: 'danado', description: 'a'.repeat(19) })
        .success,
    ).toBe(false);
    expect(
      OpenClaimInputSchema.safeParse({ product_id: 1, reason: 'otro', description: 'a'.repeat(20) }).success,
    ).toBe(false);
  });
});

describe('tracking', () => {
  it('links to carriers with a public page, with the number encoded; none otherwise', () => {
    expect(trackingUrl('servientrega', '123 45')).toContain('123%2045');
    expect(trackingUrl('coordinadora', 'ABC')).toContain('ABC');
    expect(trackingUrl('otra', '123')).toBeNull();
    expect(trackingUrl('envia', '123')).toBeNull();
    expect(trackingUrl('servientrega', null)).toBeNull();
    expect(toTracking(null, null)).toBeNull();
    expect(toTracking('deprisa', 'D1')).toMatchObject({ carrier_label: 'Deprisa', tracking_url: null });
  });

  it('mark shipped: number required but for otra, at most 40, carrier needed with a number', () => {
    const base = { product_id: 1, shipping_status: 'shipped' };
    expect(ChangeShippingStatusSchema.safeParse(base).success).toBe(true);
    expect(ChangeShippingStatusSchema.safeParse({ ...base, carrier: 'otra' }).success).toBe(true);
    const missing = ChangeShippingStatusSchema.safeParse({ ...base, carrier: '472' });
    expect(missing.error?.issues[0]?.message).toBe(trackingMessages.trackingNumberRequired);
    expect(
      ChangeShippingStatusSchema.safeParse({ ...base, carrier: '472', tracking_number: 'x'.repeat(41) })
        .success,
    ).toBe(false);
    expect(ChangeShippingStatusSchema.safeParse({ ...base, tracking_number: '1' }).success).toBe(false);
  });
});

describe('payout hold label', () => {
  const fmt = (iso: string) => iso.slice(0, 10);
  it.each([
    ['held', { reason: 'delivery' as const, until: null }, 'Retenido hasta la entrega'],
    [
      'held',
      { reason: 'claim_window' as const, until: '2026-11-08T12:00:00Z' },
      'En periodo de reclamos hasta 2026-11-08',
    ],
    ['held', { reason: 'claim' as const, until: null }, 'En reclamo'],
    ['held', null, 'Retenido hasta la entrega'],
    ['payable', null, 'Disponible para pago'],
  ])('%s %o: %s', (status, hold, label) => {
    expect(payoutHoldLabel(status, hold, fmt)).toBe(label);
  });
});
