import { notificationPreferencesEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerOutboxGauges } from '../../platform/metrics.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createMailJob } from './mail.job.ts';
import { mailRepository } from './mail.repository.ts';
import { createMailPreferencesService } from './mail.service.ts';
import { createMailTransport } from './mail.transport.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/** Where links in e-mails point: the public address, else this server as a laptop reaches it. */
function mailBaseUrl(ctx: AppContext): string {
  return (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '');
}

/**
 * E-mail: the preferences endpoints, the one-click unsubscribe, the sending job and the
 * payment-reminder job. Other modules enqueue e-mail only inside their own transactions (through
 * their notifications, or `enqueueMail`).
 */
export async function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  const tokens = createUnsubscribeTokens(resolveJwtSecret(ctx.config.JWT_SECRET, ctx.config.dataDir));
  const preferences = createMailPreferencesService(ctx, tokens);
  const transport = createMailTransport(ctx.config);

  declareRoute(app, ctx, endpoints.get, {}, async (request) => preferences.get(request.userId!));
  declareRoute(app, ctx, endpoints.update, {}, async (request) =>
    preferences.update(request.userId!, request.body),
  );

  await app.register(async (scope) => {
    // Mail programs send the one-click POST as a form (`List-Unsubscribe=One-Click`); only this
    // route reads that content type, and what the body says does not matter: the token decides.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, { form: body }),
    );
    declareRoute(scope, ctx, endpoints.unsubscribe, { bodyLimit: 1024 }, async (request) =>
      preferences.unsubscribe(request.params.token),
    );
  });

  ctx.jobs.register({
    name: 'mail.payment-reminders',
    run: (now) => mailRepository.enqueuePaymentReminders(ctx.db, now),
  });
  ctx.jobs.register(
    createMailJob(ctx, {
      transport,
      tokens,
      baseUrl: mailBaseUrl(ctx),
      from: ctx.config.MAIL_FROM,
    }),
  );
  app.addHook('onClose', async () => transport.close());

  registerOutboxGauges(app.metricsRegistry, () => mailRepository.outboxCounts(ctx.db), [
    ['mail_outbox_pending', 'E-mails waiting to be sent (queue length).', 'pending'],
    ['mail_outbox_retrying', 'E-mails waiting after a failed attempt (SMTP refused or away).', 'retrying'],
    ['mail_outbox_failed', 'E-mails given up after 24 hours of failed attempts.', 'failed'],
  ]);
}
