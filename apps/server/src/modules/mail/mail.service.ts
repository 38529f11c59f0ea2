import {
  type EmailPreferenceType,
  emailPreferenceTypes,
  type NotificationPreferences,
  preferenceMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { mailRepository as repo } from './mail.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

function toPreferences(off: string[]): NotificationPreferences {
  const email = Object.fromEntries(emailPreferenceTypes.map((type) => [type, !off.includes(type)]));
  return { email: email as NotificationPreferences['email'] };
}

/** A user's e-mail preferences and the one-click unsubscribe. */
export function createMailPreferencesService(ctx: AppContext, tokens: UnsubscribeTokens) {
  const { db, clock } = ctx;
  return {
    async get(userId: number): Promise<NotificationPreferences> {
      return toPreferences(await repo.optOuts(db, userId));
    },

    async update(userId: number, input: NotificationPreferences): Promise<NotificationPreferences> {
      const off = emailPreferenceTypes.filter((type) => !input.email[type]);
      await db.transaction().execute((trx) => repo.setOptOuts(trx, userId, off, clock.now()));
      return toPreferences(off);
    },

    /** Turns off the token's type for its user; a forged, altered or stale token changes nothing. */
    async unsubscribe(token: string): Promise<{ type: EmailPreferenceType }> {
      const claim = tokens.verify(token);
      if (!claim || !(await repo.optOut(db, claim.userId, claim.type, clock.now())))
        throw badRequest('UNSUBSCRIBE_TOKEN_INVALID', preferenceMessages.invalidToken);
      return { type: claim.type };
    },
  };
}
