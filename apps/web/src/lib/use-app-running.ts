import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is the server's HTML (the server render and the hydration that takes it
 * over), true once the app's code runs it. For controls that only the HTML needs — a form's
 * submit button that the running app makes redundant — shown until the app takes over.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
