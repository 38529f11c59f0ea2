import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RECORDED_BODY, RECORDED_KEY, RECORDED_SIGNATURE } from './bold-recorded-webhook.test-support.ts';
import { boldSignature, verifyBoldSignature } from './bold-signature.ts';

/** Bold's test mode signs with an empty key. */
const RECORDED_SIGNATURE_TEST_MODE = '936e0b1f1402b4fbfe62fea4c21dcc4327d8850c2e157d62a3a8cc3ecc3890bd';
/** What a receiver that skipped the Base64 step would compute: must never verify. */
const RAW_BODY_HMAC = '4fd4267ba79fabb19c6f4e8d2a01510e26861c839eddd1def5fb6c06d3af928f';

describe('Bold webhook signature (developers.bold.co/webhook)', () => {
  it('reproduces the recorded signatures', () => {
    expect(RECORDED_BODY.length).toBe(751);
    expect(boldSignature(RECORDED_BODY, RECORDED_KEY)).toBe(RECORDED_SIGNATURE);
    expect(boldSignature(Buffer.from(RECORDED_BODY), RECORDED_KEY)).toBe(RECORDED_SIGNATURE);
    expect(boldSignature(RECORDED_BODY, '')).toBe(RECORDED_SIGNATURE_TEST_MODE);
  });

  it('signs the Base64 of the body, not the body', () => {
    expect(createHmac('sha256', RECORDED_KEY).update(RECORDED_BODY).digest('hex')).toBe(RAW_BODY_HMAC);
    expect(verifyBoldSignature(RECORDED_BODY, RAW_BODY_HMAC, RECORDED_KEY)).toBe(false);
  });

  it('verifies the recorded delivery and nothing else', () => {
    expect(verifyBoldSignature(RECORDED_BODY, RECORDED_SIGNATURE, RECORDED_KEY)).toBe(true);
    expect(verifyBoldSignature(RECORDED_BODY, RECORDED_SIGNATURE.toUpperCase(), RECORDED_KEY)).toBe(true);
    expect(verifyBoldSignature(RECORDED_BODY, RECORDED_SIGNATURE, 'other-key')).toBe(false);
    expect(verifyBoldSignature(`${RECORDED_BODY} `, RECORDED_SIGNATURE, RECORDED_KEY)).toBe(false);
    expect(
      verifyBoldSignature(RECORDED_BODY.replace('59900', '59901'), RECORDED_SIGNATURE, RECORDED_KEY),
    ).toBe(false);
    // The same object re-serialized (e.g. pretty-printed) is different bytes: refused.
    const reserialized = JSON.stringify(JSON.parse(RECORDED_BODY), null, 2);
    expect(verifyBoldSignature(reserialized, RECORDED_SIGNATURE, RECORDED_KEY)).toBe(false);
    expect(verifyBoldSignature(RECORDED_BODY, undefined, RECORDED_KEY)).toBe(false);
    expect(verifyBoldSignature(RECORDED_BODY, '', RECORDED_KEY)).toBe(false);
    expect(verifyBoldSignature(RECORDED_BODY, 'zz', RECORDED_KEY)).toBe(false);
    expect(verifyBoldSignature(RECORDED_BODY, RECORDED_SIGNATURE.slice(0, 63), RECORDED_KEY)).toBe(false);
  });
});
