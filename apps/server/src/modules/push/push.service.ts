import {
  type EmailPreferenceType,
  emailPreferenceTypes,
  MAX_PUSH_DEVICES,
  type PushDevice,
  type PushSubscriptionBody,
  pageMeta,
  pushMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { pushRepository as repo } from './push.repository.ts';
import { checkEndpointUrl, type EndpointRules, resolvesPublicly } from './push-endpoint.ts';

const DEVICE_LABEL_MAX = 200;

function toDevice(
  row: { endpoint: string; user_agent: string | null; created_at: Date; session_id: string | null },
  sessionId: string | null,
): PushDevice {
  return {
    endpoint: row.endpoint,
    device: row.user_agent,
    created_at: new Date(row.created_at).toISOString(),
    current_session: sessionId !== null && row.session_id === sessionId,
  };
}

/** The push types the user receives: every preference key, on unless turned off. */
export async function pushPreferences(
  db: Database,
  userId: number,
): Promise<Record<EmailPreferenceType, boolean>> {
  const off = await repo.optOuts(db, userId);
  return Object.fromEntries(emailPreferenceTypes.map((type) => [type, !off.includes(type)])) as Record<
    EmailPreferenceType,
    boolean
  >;
}

/** Saves the push preferences inside the caller's transaction (which holds the user's row lock). */
export async function setPushPreferences(
  trx: Database,
  userId: number,
  push: Record<EmailPreferenceType, boolean>,
  now: Date,
): Promise<void> {
  await repo.setOptOuts(
    trx,
    userId,
    emailPreferenceTypes.filter((type) => !push[type]),
    now,
  );
}

/** A deleted account: its devices (and their waiting pushes) and push preferences go. */
export async function forgetPush(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_opt_outs').where('user_id', '=', userId).execute();
}

/** Subscribing and unsubscribing a user's devices. */
export function createPushService(ctx: AppContext, rules: EndpointRules) {
  const { db, clock } = ctx;
  const refused = () => fieldError('PUSH_ENDPOINT_REFUSED', 'endpoint', pushMessages.endpointRefused);
  return {
    async subscribe(
      userId: number,
      sessionId: string,
      input: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<PushDevice> {
      const url = checkEndpointUrl(input.endpoint, rules);
      if (typeof url === 'string') {
        ctx.log.info({ reason: url }, 'push endpoint refused');
        throw refused();
      }
      // Names that lead inside (loopback, private networks) are refused whatever the list says.
      if (!rules.hosts.includes('*') && !(await resolvesPublicly(url.hostname))) {
        ctx.log.info({ reason: 'reserved or unresolvable address' }, 'push endpoint refused');
        throw refused();
      }
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        if ((await repo.countOtherDevices(trx, userId, input.endpoint)) >= MAX_PUSH_DEVICES)
          throw conflict('PUSH_DEVICE_LIMIT', pushMessages.tooManyDevices);
        return repo.upsert(trx, {
          user_id: userId,
          session_id: sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          user_agent: userAgent ? userAgent.slice(0, DEVICE_LABEL_MAX) : null,
          created_at: clock.now(),
        });
      });
      return toDevice(row, sessionId);
    },

    /** Another user's endpoint (or none) changes nothing and answers the same. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await repo.remove(db, userId, endpoint);
    },

    async devices(userId: number, sessionId: string | null, query: { page: number; size: number }) {
      const { rows, total } = await repo.devices(db, userId, query.size, (query.page - 1) * query.size);
      return {
        data: rows.map((row) => toDevice(row, sessionId)),
        meta: pageMeta(total, query.page, query.size),
      };
    },
  };
}
