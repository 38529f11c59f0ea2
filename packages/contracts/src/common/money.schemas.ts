import { z } from 'zod';
import { moneyMessages, moneyProblem, moneyProblemMessage } from './money.ts';

/**
 * The one building block of every request field that carries money: a whole number of pesos
 * from 1 (0 too with `allowZero`) to 10,000,000,000. `message` is the field's own text for
 * anything that is not such a number; centavos and too large get the shared messages, so the
 * server and the web forms say the same thing about the same problem. One issue per field, the
 * one that names what is wrong.
 */
export function wholePesos(message: string, { allowZero = false } = {}) {
  return z
    .number({
      // JSON reads 1e400 as Infinity, which zod refuses as a number: it is an amount too large.
      error: (issue) => (issue.input === Number.POSITIVE_INFINITY ? moneyMessages.tooLarge : message),
    })
    .check((ctx) => {
      const problem = moneyProblem(ctx.value, { allowZero });
      if (problem) {
        ctx.issues.push({
          code: 'custom',
          message: moneyProblemMessage(problem, message),
          input: ctx.value,
        });
      }
    });
}
