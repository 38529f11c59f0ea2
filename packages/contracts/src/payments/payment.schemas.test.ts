import { describe, expect, it } from 'vitest';
import { userMessages } from '../users/user.schemas.ts';
import { BankAccountInputSchema, BankAccountUpdateSchema } from './bank-account.schemas.ts';
import {
  paymentMessages as m,
  paymentResultView,
  payoutStatusLabel,
  payoutStatusTone,
  shortPaymentId,
  wonStatusLabel,
  wonStatusTone,
} from './payment.schemas.ts';

const valid = {
  bank_id: 1,
  account_number: '0123456789',
  account_type: 'ahorro',
  account_name: 'Valentina Restrepo',
  account_document_type: 'CC',
  account_document_number: '1020304050',
};

function messagesOf(input: unknown): string[] {
  const result = BankAccountInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('BankAccountInputSchema', () => {
  it('accepts a complete account and trims it', () => {
    const parsed = BankAccountInputSchema.parse({ ...valid, bank_id: '3', account_name: '  Ana  ' });
    expect(parsed.bank_id).toBe(3);
    expect(parsed.account_name).toBe('Ana');
  });

  it('reads a numeric account number sent as a JSON number', () => {
    expect(BankAccountInputSchema.parse({ ...valid, account_number: 12345 }).account_number).toBe('12345');
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no bank', { bank_id: undefined }, m.bankRequired],
    ['empty bank select', { bank_id: '' }, m.bankRequired],
    ['bank 0', { bank_id: 0 }, m.bankRequired],
    ['bank as text', { bank_id: 'Bancolombia' }, m.bankRequired],
    ['no account number', { account_number: undefined }, m.accountNumberRequired],
    ['blank account number', { account_number: '   ' }, m.accountNumberRequired],
    ['letters in account number', { account_number: '12AB34' }, m.accountNumberDigits],
    ['dashes in account number', { account_number: '123-456' }, m.accountNumberDigits],
    ['no account type', { account_type: '' }, m.accountTypeRequired],
    ['unknown account type', { account_type: 'nomina' }, m.accountTypeRequired],
    ['no holder', { account_name: '' }, m.accountNameRequired],
    ['whitespace holder', { account_name: '  \t ' }, m.accountNameRequired],
    ['no document type', { account_document_type: '' }, m.documentTypeRequired],
    ['no document number', { account_document_number: ' ' }, m.documentNumberRequired],
    ['hostile document number', { account_document_number: '<script>' }, m.documentNumberInvalid],
  ];
  it.each(cases)('%s → its message', (_name, override, message) => {
    expect(messagesOf({ ...valid, ...override })).toContain(message);
  });

  it('names every missing field of an empty form', () => {
    expect(messagesOf({})).toEqual([
      m.bankRequired,
      m.accountNumberRequired,
      m.accountTypeRequired,
      m.accountNameRequired,
      m.documentTypeRequired,
      m.documentNumberRequired,
    ]);
  });
});

describe('BankAccountUpdateSchema: changing the account asks for the current password', () => {
  const messagesOfChange = (input: unknown) => {
    const result = BankAccountUpdateSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts the form with the password, and registering ignores one sent along', () => {
    expect(messagesOfChange({ ...valid, current_password: 'Secreta123!' })).toEqual([]);
    expect(BankAccountInputSchema.parse({ ...valid, current_password: 'x' })).not.toHaveProperty(
      'current_password',
    );
  });

  it.each([
    ['no current password', undefined],
    ['an empty current password', ''],
  ])('%s → its message', (_name, current_password) => {
    expect(messagesOfChange({ ...valid, current_password })).toEqual([userMessages.currentPasswordRequired]);
  });
});

describe('status labels', () => {
  it.each([
    ['confirmed', 'Pagado', 'success'],
    ['expired', 'Expirado', 'danger'],
    ['pending', 'Pendiente', 'warning'],
    ['rejected', 'Pendiente', 'warning'],
    [null, 'Pendiente', 'warning'],
  ])('won item %s → %s', (status, label, tone) => {
    expect(wonStatusLabel(status)).toBe(label);
    expect(wonStatusTone(status)).toBe(tone);
  });

  it('gives payouts distinct colours for pending, confirmed, rejected, processing and other', () => {
    const tones = ['pending', 'confirmed', 'rejected', 'processing', 'other'].map(payoutStatusTone);
    expect(new Set(tones).size).toBe(5);
    expect(payoutStatusLabel('pending')).toBe('Pendiente');
    expect(payoutStatusLabel(undefined)).toBe('Desconocido');
  });

  it('labels held payouts until delivery and payable ones after', () => {
    expect(payoutStatusLabel('held')).toBe('Retenido hasta la entrega');
    expect(payoutStatusLabel('payable')).toBe('Disponible para pago');
    expect(payoutStatusTone('held')).not.toBe(payoutStatusTone('payable'));
  });

  it('shortens payment ids to 8 characters plus an ellipsis', () => {
    expect(shortPaymentId('3f2a9c1e-7b4d-4e8a-9c2b-1a2b3c4d5e6f')).toBe('3f2a9c1e…');
    expect(shortPaymentId('abc')).toBe('abc');
  });
});

describe('paymentResultView', () => {
  const id = '3f2a9c1e-7b4d-4e8a-9c2b-1a2b3c4d5e6f';
  it.each([
    [{ txStatus: null, paymentId: id }, { kind: 'missing-params' }],
    [{ txStatus: 'approved', paymentId: null }, { kind: 'missing-params' }],
    [{ txStatus: '', paymentId: '' }, { kind: 'missing-params' }],
    [{ txStatus: 'approved', paymentId: id }, { kind: 'verify' }],
    [{ txStatus: 'approved', paymentId: id, serverStatus: 'confirmed' }, { kind: 'success' }],
    [
      { txStatus: 'approved', paymentId: id, serverStatus: 'pending' },
      { kind: 'failure', detail: 'Estado del pago: pending' },
    ],
    [
      { txStatus: 'approved', paymentId: id, serverStatus: null },
      { kind: 'failure', detail: 'Estado del pago: Desconocido' },
    ],
    [
      { txStatus: 'rejected', paymentId: id },
      { kind: 'failure', detail: 'Estado del pago: rejected' },
    ],
    // The browser's word is never enough: a rejected return stays a failure whatever else is said.
    [
      { txStatus: 'rejected', paymentId: id, serverStatus: 'confirmed' },
      { kind: 'failure', detail: 'Estado del pago: rejected' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(paymentResultView(input)).toEqual(expected);
  });
});
