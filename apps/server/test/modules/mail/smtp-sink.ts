import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests: it accepts every message, parses it with mailparser and keeps
 * it. It can be stopped and started again on the same port (an SMTP outage).
 */
export async function startSmtpSink() {
  const received: ParsedMail[] = [];
  /** Runs on each message before the server accepts it: the sender is still waiting on it. */
  const hooks: { beforeAccept?: (mail: ParsedMail) => Promise<void> } = {};
  let server: SMTPServer | undefined;
  let port = 0;

  async function listen() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            await hooks.beforeAccept?.(mail);
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  await listen();
  return {
    received,
    hooks,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** The messages sent to `address` (any of To). */
    to(address: string) {
      return received.filter((m) =>
        [m.to ?? []]
          .flat()
          .some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      );
    },
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    start: listen,
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The links of a parsed message's HTML. */
export function linksOf(mail: ParsedMail): string[] {
  return [...String(mail.html || '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** A header as sent (mailparser folds the List-* headers into one object). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}
