import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable per outbox row: a receiver can tell a resend after a crash from a new e-mail. */
  messageId: string;
}

/** Hands one e-mail over; resolves once the server accepted it (or the file is written). */
export interface MailTransport {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through `SMTP_URL`; without it (never in production: the configuration refuses that) each
 * message is written as an `.eml` file under `DATA_DIR/mail`, so a laptop needs nothing else and
 * the messages can be opened with any mail program.
 */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'dataDir'>): MailTransport {
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport({
      url: config.SMTP_URL,
      // A server that does not answer must not hold the job loop for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(mail);
      },
      close: () => transporter.close(),
    };
  }
  const directory = path.join(config.dataDir, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await writer.sendMail(mail);
      await mkdir(directory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9-]/g, '')}.eml`;
      // Written under a temporary name first: a file that exists is a whole message.
      const target = path.join(directory, name);
      await writeFile(`${target}.tmp`, info.message as Buffer);
      await rename(`${target}.tmp`, target);
    },
    close: () => writer.close(),
  };
}
