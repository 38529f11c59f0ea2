// The embedded database's thread starts here, in plain JavaScript: it loads TypeScript the way the
// server does (tsx), whoever started the server, then the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-worker.ts');
