import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';

const HealthyAnswerSchema = z.object({
  status: z.literal('ok'),
  /** Present when a dependency that requests can do without (live events over Redis) is away. */
  degraded: z.object({ live_events: z.string() }).optional(),
});

const UnhealthyAnswerSchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  checks: z.object({ database: z.string(), live_events: z.string() }),
});

/** Moves the test clock forward (only with TEST_CLOCK=1, never in production). */
export const TestClockInputSchema = z.object({
  advance_seconds: z
    .number({ error: 'advance_seconds debe ser un número' })
    .int({ error: 'advance_seconds debe ser un entero' })
    .min(0, { error: 'advance_seconds no puede ser negativo' })
    .max(10 * 365 * 24 * 3600, { error: 'advance_seconds es demasiado grande' }),
});

export const operationsEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether this process takes requests and its database answers (503 when not)',
    tag: 'operations',
    auth: 'none',
    responses: { 200: HealthyAnswerSchema, 503: UnhealthyAnswerSchema },
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    summary: 'Whether this process runs and its event loop answers (liveness; needs no database)',
    tag: 'operations',
    auth: 'none',
    responses: { 200: z.object({ status: z.literal('ok') }) },
  }),
  advanceTestClock: defineEndpoint({
    method: 'POST',
    path: '/api/test/clock',
    summary: 'Test clock: moves time forward and runs the timed work now due',
    tag: 'operations',
    auth: 'none',
    body: TestClockInputSchema,
    responses: {
      200: z.object({ now: z.string() }),
      400: z.object({ message: z.string(), errors: z.array(z.string()).optional() }),
    },
  }),
};
