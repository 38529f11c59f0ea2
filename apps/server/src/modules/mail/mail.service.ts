import {
  type EmailPreferenceType,
  emailPreferenceTypes,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  preferenceMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { pushPreferences, setPushPreferences } from '../push/push.service.ts';
import { mailRepository as repo } from './mail.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

function toEmailPreferences(off: string[]): NotificationPreferences['email'] {
  return Object.fromEntries(
    emailPreferenceTypes.map((type) => [type, !off.includes(type)]),
  ) as NotificationPreferences['email'];
}

/** A user's e-mail and push preferences, and the one-click unsubscribe. */
export function createMailPreferencesService(ctx: AppContext, tokens: UnsubscribeTokens) {
  const { db, clock } = ctx;
  return {
    async get(userId: number): Promise<NotificationPreferences> {
      const [off, push] = await Promise.all([repo.optOuts(db, userId), pushPreferences(db, userId)]);
      return { email: toEmailPreferences(off), push };
    },

    /**
     * Both channels in one transaction, under the user's row lock; a save without `push` keeps
     * the push choices, and a type left out (one added after the client was written) keeps its own.
     */
    async update(userId: number, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        const emailNow = toEmailPreferences(await repo.optOuts(trx, userId));
        const off = emailPreferenceTypes.filter((type) => !(input.email[type] ?? emailNow[type]));
        await repo.setOptOuts(trx, userId, off, now);
        const pushNow = await pushPreferences(trx, userId);
        if (!input.push) return { email: toEmailPreferences(off), push: pushNow };
        const given = input.push;
        const push = Object.fromEntries(
          emailPreferenceTypes.map((type) => [type, given[type] ?? pushNow[type]]),
        ) as NotificationPreferences['push'];
        await setPushPreferences(trx, userId, push, now);
        return { email: toEmailPreferences(off), push };
      });
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
