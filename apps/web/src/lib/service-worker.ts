/**
 * The service worker (built by vite-plugin-pwa, see vite.config.ts): registered once the page
 * has loaded, so neither its file nor its precaching competes with the first page. A new version
 * installs in the background and waits; `onUpdateReady` listeners are told, and `applyUpdate`
 * (the person's 'Actualizar') lets it take over and reloads the page once it has.
 */
type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

export const serviceWorkerUpdate = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether a new version is installed and waiting for the person's word. */
  ready: () => waiting !== null,
};

function offer(worker: ServiceWorker) {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function applyUpdate() {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** The registration, once there is one (null where service workers are not available). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.getRegistration('/').then((found) => found ?? null);
}

export function registerServiceWorker() {
  // The development server serves no service worker (the build makes it).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        // A version already waiting (installed during an earlier visit) is offered at once.
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // With no controller this is the first install: nothing to update.
            if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
          });
        });
        // A phone keeps a tab for days: look for a new version whenever it comes back into view.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => {});
        });
      })
      .catch(() => {
        // Without it the site works as before, only not offline.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
