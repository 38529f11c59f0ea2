import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page's server render hands to the browser beside its HTML (in a JSON script element of
 * this id): the API answers it rendered with, for the query cache, and the server's time at the
 * render, so the browser's first render (hydration) writes exactly the HTML the server did.
 */
export interface ServerRenderState {
  now: number;
  queries: DehydratedState;
}

const SERVER_RENDER_STATE_ID = 'server-render-state';

/** The state of the page's server render, or null for the plain shell (or an unreadable one). */
export function readServerRenderState(doc: Document): ServerRenderState | null {
  const text = doc.getElementById(SERVER_RENDER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as ServerRenderState;
    return typeof state.now === 'number' && state.queries ? state : null;
  } catch {
    return null;
  }
}
