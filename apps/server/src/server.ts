import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { listenForBackups } from './platform/embedded-backup.ts';

/** Everything must be closed by then, or the process is ended anyway (orchestrators kill at ~10 s). */
const HARD_CAP_MS = 9_500;
/** Requests still running by then are cut so that closing the database still fits in the cap. */
const DRAIN_MS = 7_500;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  let stopBackups = async () => {};
  /**
   * Draining (SIGTERM from an orchestrator, SIGINT from a terminal): the listening socket closes
   * (new connections are refused; a new request on a kept-alive connection gets 503), requests in
   * flight finish, live sockets close with 1001 "going away" so clients reconnect to another
   * process, the job loop stops once its current job has committed, then Redis and the database
   * close. Exit 0 when that is done; anything still open after DRAIN_MS is cut, and the process
   * ends with 1 if closing itself hangs past HARD_CAP_MS.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const startedAt = Date.now();
    app.log.info({ signal }, 'shutting down: draining requests, sockets and jobs');
    const hardCap = setTimeout(() => {
      app.log.error({ signal }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, HARD_CAP_MS);
    hardCap.unref();
    const drainCap = setTimeout(() => {
      app.log.warn({}, 'shutdown: cutting requests that are still running');
      app.server.closeAllConnections();
    }, DRAIN_MS);
    drainCap.unref();
    try {
      await stopBackups();
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing failed');
      process.exit(1);
    }
    app.log.info({ ms: Date.now() - startedAt }, 'shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  // On the embedded database, `npm run db:backup` asks this process for its backups.
  if (app.embeddedSnapshot && config.dataDir !== 'memory://') {
    try {
      stopBackups = await listenForBackups(config.dataDir, app.embeddedSnapshot, app.log);
    } catch (err) {
      app.log.warn({ err }, 'online backups unavailable: the backup socket could not be opened');
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
