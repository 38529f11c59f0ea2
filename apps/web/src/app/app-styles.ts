/**
 * Applies the stylesheets index.html only preloads (build/deferred-styles.ts) and resolves once
 * they are in force, so the app's first render is styled. Nothing to do in development, where
 * the styles come with the code.
 */
export function applyAppStyles(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-app-style]');
  return Promise.all(
    Array.from(
      links,
      (link) =>
        new Promise<void>((resolve) => {
          // A stylesheet that fails to load must not keep the app from rendering.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
