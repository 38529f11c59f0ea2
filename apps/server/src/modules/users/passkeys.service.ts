import {
  adminMessages,
  MAX_PASSKEYS,
  passkeyMessages as messages,
  type Passkey,
  twoFactorMessages,
} from '@app/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { passkeysRepository as repo } from './passkeys.repository.ts';
import { announceSecurityNotices, recordSecurityEvent } from './security-notices.service.ts';
import { hashToken } from './totp.ts';
import type { createTwoFactorService } from './two-factor.service.ts';
import type { UsersService } from './users.service.ts';

/** Who the passkeys are for: the site's host (relying party id) and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = 'Coleccionables';
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

type PasskeyRow = NonNullable<Awaited<ReturnType<typeof repo.findOwned>>>;

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

const failed = () => badRequest('PASSKEY_FAILED', messages.failed, [messages.failed]);
const passkeyNotFound = () => notFound('PASSKEY_NOT_FOUND', messages.notFound);
const tooMany = () => conflict('TOO_MANY_PASSKEYS', messages.tooMany);

/** The challenge the browser signed, read from its client data (the library checks the rest). */
function signedChallenge(response: { response?: unknown }): string | null {
  const clientData = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
  if (typeof clientData !== 'string') return null;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn): registration and sign-in follow the W3C ceremonies through
 * @simplewebauthn/server, with user verification required, so a passkey proves both something
 * the person has and something they are or know: it counts as both login steps. Each ceremony's
 * challenge is stored (by its hash) when the options are given and spent once when the answer
 * comes back, within 5 minutes on the server's clock.
 */
export function createPasskeysService(
  ctx: AppContext,
  users: UsersService,
  twoFactor: ReturnType<typeof createTwoFactorService>,
) {
  const { db, clock, events } = ctx;

  async function storeChallenge(challenge: string, purpose: 'register' | 'login', userId: number | null) {
    const now = clock.now();
    await repo.insertChallenge(db, {
      token_hash: hashToken(challenge),
      user_id: userId,
      purpose,
      challenge,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    });
  }

  /** Spends the challenge the answer signed; false when it is not one of ours, spent or expired. */
  async function spend(
    response: { response?: unknown },
    purpose: 'register' | 'login',
    userId: number | null,
  ) {
    const challenge = signedChallenge(response);
    if (!challenge) return null;
    return (await repo.spendChallenge(db, hashToken(challenge), purpose, userId, clock.now()))
      ? challenge
      : null;
  }

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await repo.list(db, userId)).map(toPasskey);
    },

    async registrationOptions(userId: number, rp: RelyingParty) {
      const user = await users.requireUser(userId);
      const existing = await repo.list(db, userId);
      if (existing.length >= MAX_PASSKEYS) throw tooMany();
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.username,
        userID: new TextEncoder().encode(String(user.id)),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: p.transports ? (JSON.parse(p.transports) as string[]) : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, 'register', userId);
      return { options: options as unknown as Record<string, unknown> };
    },

    async register(userId: number, name: string, response: Record<string, unknown>, rp: RelyingParty) {
      await users.requireUser(userId);
      const challenge = await spend(response, 'register', userId);
      if (!challenge) throw failed();
      const verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw failed();
      const { credential } = verification.registrationInfo;
      if (await repo.findByCredentialId(db, credential.id)) throw failed();
      const { row, notices } = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        if ((await repo.count(trx, userId)) >= MAX_PASSKEYS) throw tooMany();
        const row = await repo.insert(trx, {
          user_id: userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name,
          created_at: clock.now(),
        });
        return {
          row,
          notices: await recordSecurityEvent(trx, userId, 'passkey_added', { name }, clock.now()),
        };
      });
      await announceSecurityNotices(events, notices);
      return toPasskey(row);
    },

    async rename(userId: number, id: number, name: string): Promise<Passkey> {
      const row = await repo.rename(db, userId, id, name);
      if (!row) throw passkeyNotFound();
      return toPasskey(row);
    },

    /** With the current password, or a current two-step verification code. */
    async remove(userId: number, id: number, proof: { current_password?: string; code?: string }) {
      if (!(await repo.findOwned(db, userId, id))) throw passkeyNotFound();
      if (proof.current_password) {
        await users.assertCurrentPassword(userId, proof.current_password);
      } else if (proof.code) {
        if (!(await twoFactor.tryCode(userId, proof.code))) {
          throw fieldError('WRONG_CODE', 'code', twoFactorMessages.wrongCode);
        }
      } else {
        throw fieldError('PROOF_REQUIRED', 'current_password', messages.proofRequired);
      }
      const notices = await db.transaction().execute(async (trx) => {
        const removed = await repo.remove(trx, userId, id);
        if (!removed) throw passkeyNotFound();
        return recordSecurityEvent(trx, userId, 'passkey_removed', { name: removed.name }, clock.now());
      });
      await announceSecurityNotices(events, notices);
    },

    async loginOptions(rp: RelyingParty) {
      // No list of credentials: the passkey itself tells whose account it is (a discoverable one).
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      await storeChallenge(options.challenge, 'login', null);
      return { options: options as unknown as Record<string, unknown> };
    },

    async login(response: Record<string, unknown>, rp: RelyingParty, userAgent?: string | null) {
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const passkey = credentialId ? await repo.findByCredentialId(db, credentialId) : undefined;
      if (!passkey) throw badRequest('PASSKEY_FAILED', messages.unknownPasskey, [messages.unknownPasskey]);
      const challenge = await spend(response, 'login', null);
      if (!challenge) throw failed();
      const verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports ? JSON.parse(passkey.transports) : undefined,
        },
      }).catch(() => null);
      if (!verification?.verified) throw failed();
      const user = await users.requireUser(passkey.user_id);
      if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
      await repo.markUsed(db, passkey.id, verification.authenticationInfo.newCounter, clock.now());
      return users.startSession(user.id, userAgent);
    },
  };
}
