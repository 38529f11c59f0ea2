// The build's entry for the early request (see early-requests.ts): index.html loads it async.
import { dropLeadWithoutSession, sendEarlyRequest } from './early-requests.ts';

try {
  sendEarlyRequest(window.location.pathname, window.localStorage, window);
  dropLeadWithoutSession(window.location.pathname, window.localStorage, document);
} catch {
  // No storage (a private mode that refuses it): the app asks itself.
}
