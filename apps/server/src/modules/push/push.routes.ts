import { pushEndpoints as endpoints, pushMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../platform/context.ts';
import { registerOutboxGauges } from '../../platform/metrics.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createPushJob } from './push.job.ts';
import { pushRepository } from './push.repository.ts';
import { createPushSender } from './push.sender.ts';
import { createPushService } from './push.service.ts';
import { resolveVapidDetails } from './vapid-keys.ts';

/**
 * Web Push: the public key, a user's devices, and the job that sends what the notifications
 * trigger queued. No module calls into this one to push: writing a notification is enough.
 */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const vapid = resolveVapidDetails(ctx.config);
  const rules = { hosts: ctx.config.PUSH_ENDPOINT_HOSTS };
  const service = createPushService(ctx, rules);
  const sender = createPushSender({ vapid, rules, timeoutMs: ctx.config.PUSH_TIMEOUT_MS });
  const sending = createPushJob(ctx, sender);

  declareRoute(app, ctx, endpoints.publicKey, {}, async () => ({ key: vapid.publicKey }));
  declareRoute(app, ctx, endpoints.devices, {}, async (request) =>
    service.devices(request.userId!, request.sessionId ?? null, request.query),
  );
  declareRoute(app, ctx, endpoints.subscribe, {}, async (request, reply) =>
    reply
      .status(201)
      .send(
        await service.subscribe(
          request.userId!,
          request.sessionId!,
          request.body,
          request.headers['user-agent'],
        ),
      ),
  );
  declareRoute(app, ctx, endpoints.unsubscribe, {}, async (request) => {
    await service.unsubscribe(request.userId!, request.body.endpoint);
    return { message: pushMessages.removed };
  });

  ctx.jobs.register(sending.job);
  ctx.jobs.register(sending.pruneJob);
  app.decorate('pushSending', sending);
  app.addHook('onClose', async () => {
    await sending.stop();
    sender.close();
  });

  registerOutboxGauges(app.metricsRegistry, () => pushRepository.outboxCounts(ctx.db), [
    ['push_outbox_pending', 'Pushes waiting to be sent (queue length).', 'pending'],
    [
      'push_outbox_retrying',
      'Pushes waiting after a failed attempt (push service away or slow).',
      'retrying',
    ],
    ['push_outbox_failed', 'Pushes given up (refused, or 24 hours of failed attempts).', 'failed'],
  ]);
  new Gauge({
    name: 'push_in_flight',
    help: 'Pushes this process is sending right now.',
    registers: [app.metricsRegistry],
    collect() {
      this.set(sending.inFlight());
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push sender's state: tests wait on `drain()` for what a run started. */
    pushSending: ReturnType<typeof createPushJob>;
  }
}
