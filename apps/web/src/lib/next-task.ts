/**
 * `value`, handed on in a task of its own: what follows runs after the browser has had the chance
 * to paint and answer input, instead of lengthening the task that produced `value` (a lazily
 * loaded module's evaluation, a render's effects) into one long task. A message the page posts to
 * itself: unlike a zero timeout, never clamped to 4 ms when nested, and not held by tests' fake timers.
 */
export function nextTask<T = void>(value?: T): Promise<T> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(value as T);
    };
    channel.port2.postMessage(null);
  });
}
