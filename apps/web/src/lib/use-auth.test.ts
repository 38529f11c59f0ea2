import { describe, expect, it } from 'vitest';
import { tokenUserId } from './use-auth.ts';

const tokenWith = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('tokenUserId', () => {
  it("reads the user's id from the token's subject", () => {
    expect(tokenUserId(tokenWith({ sub: '42' }))).toBe(42);
    expect(tokenUserId(tokenWith({ sub: 7 }))).toBe(7);
  });

  it('answers null for no token, a garbled one, or a subject that is no user id', () => {
    expect(tokenUserId(null)).toBeNull();
    expect(tokenUserId('garbage')).toBeNull();
    expect(tokenUserId('h.%%%.s')).toBeNull();
    expect(tokenUserId(tokenWith({ sub: 'x' }))).toBeNull();
    expect(tokenUserId(tokenWith({ sub: '0' }))).toBeNull();
    expect(tokenUserId(tokenWith({}))).toBeNull();
  });
});
