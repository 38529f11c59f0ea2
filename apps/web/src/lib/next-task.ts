/**
 * `value`, handed on in a task of its own (a zero timeout): what follows runs after the browser
 * has had the chance to paint and answer input, instead of lengthening the task that produced
 * `value` (a lazily loaded module's evaluation, say) into one long task.
 */
export const nextTask = <T>(value: T): Promise<T> =>
  new Promise((resolve) => {
    setTimeout(() => resolve(value), 0);
  });
