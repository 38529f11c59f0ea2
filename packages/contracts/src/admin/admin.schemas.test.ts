import { describe, expect, it } from 'vitest';
import { userMessages } from '../users/user.schemas.ts';
import { adminMessages } from './admin.messages.ts';
import {
  AcceptInvitationFormSchema,
  AdminStatsQuerySchema,
  CreateReportInputSchema,
  InviteUserInputSchema,
  ResolveReportInputSchema,
} from './admin.schemas.ts';
import { MARK_PAID_MAX, MarkPaidInputSchema } from './admin-payouts.schemas.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('operator console schemas', () => {
  it.each([
    ['ana_01', true],
    ['a.b-c', true],
    ['ab', false],
    ['con espacio', false],
    ['x'.repeat(31), false],
    ['ñandú', false],
  ])('invitation username %s valid: %s', (username, valid) => {
    expect(InviteUserInputSchema.safeParse({ email: 'a@b.co', username }).success).toBe(valid);
  });

  it('an invitation lower-cases the e-mail and defaults to a buyer', () => {
    expect(InviteUserInputSchema.parse({ email: ' Ana@Example.COM ', username: 'ana' })).toEqual({
      email: 'ana@example.com',
      username: 'ana',
      is_seller: false,
    });
  });

  it('the invitation form asks for the change-password rules and a matching confirmation', () => {
    expect(
      messages(AcceptInvitationFormSchema.safeParse({ new_password: 'corta', confirm_password: 'corta' })),
    ).toEqual([userMessages.passwordTooShort]);
    expect(
      messages(
        AcceptInvitationFormSchema.safeParse({ new_password: 'Larga2026!', confirm_password: 'Otra2026!' }),
      ),
    ).toEqual([userMessages.passwordsDontMatch]);
    expect(
      AcceptInvitationFormSchema.safeParse({ new_password: 'Larga2026!', confirm_password: 'Larga2026!' })
        .success,
    ).toBe(true);
  });

  it('mark-paid needs payouts (at most one batch) and a reference', () => {
    expect(messages(MarkPaidInputSchema.safeParse({ payout_ids: [], reference: '  ' }))).toEqual([
      adminMessages.payoutIdsRequired,
      adminMessages.referenceRequired,
    ]);
    const tooMany = Array.from({ length: MARK_PAID_MAX + 1 }, (_, i) => `id-${i}`);
    expect(messages(MarkPaidInputSchema.safeParse({ payout_ids: tooMany, reference: 'R' }))).toEqual([
      adminMessages.payoutIdsTooMany,
    ]);
    expect(MarkPaidInputSchema.parse({ payout_ids: ['a'], reference: ' TRF-1 ' }).reference).toBe('TRF-1');
  });

  it('a report names a known target type and reason; the comment is optional', () => {
    expect(CreateReportInputSchema.parse({ target_type: 'user', target_id: '7', reason: 'fraude' })).toEqual({
      target_type: 'user',
      target_id: 7,
      reason: 'fraude',
      comment: null,
    });
    expect(
      messages(CreateReportInputSchema.safeParse({ target_type: 'user', target_id: 7, reason: 'feo' })),
    ).toEqual([adminMessages.reportReasonRequired]);
    expect(
      CreateReportInputSchema.safeParse({ target_type: 'auction', target_id: 7, reason: 'otro' }).success,
    ).toBe(false);
  });

  it('a resolution needs a note', () => {
    expect(messages(ResolveReportInputSchema.safeParse({ action: 'dismiss', note: ' ' }))).toEqual([
      adminMessages.noteRequired,
    ]);
  });

  it.each([
    [undefined, 30],
    ['1', 1],
    ['366', 366],
  ])('stats days %s reads as %s', (days, expected) => {
    expect(AdminStatsQuerySchema.parse(days === undefined ? {} : { days }).days).toBe(expected);
  });

  it.each(['0', '367', '2.5', 'x'])('stats days %s is refused', (days) => {
    expect(AdminStatsQuerySchema.safeParse({ days }).success).toBe(false);
  });
});
