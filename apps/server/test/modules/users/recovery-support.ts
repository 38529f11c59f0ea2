import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { TestApp } from '../../support/build-app.ts';
import { linksOf, type SmtpSink } from '../mail/smtp-sink.ts';

export const PUBLIC_URL = 'https://subastas.example.co';

/** Runs the timed jobs (reset requests, then the mail queue) and answers the mail to `address`. */
export async function mailsTo(
  t: TestApp,
  smtp: SmtpSink,
  address: string,
  subject: RegExp,
): Promise<ParsedMail[]> {
  await t.ctx.jobs.runDue();
  return smtp.to(address).filter((m) => subject.test(m.subject ?? ''));
}

/** The token of the one link to `page` in the message (on the public address, also in the text part). */
export function linkToken(mail: ParsedMail, page: '/restablecer/' | '/confirmar-correo/'): string {
  const link = linksOf(mail).find((l) => l.startsWith(`${PUBLIC_URL}${page}`));
  expect(link, `links: ${linksOf(mail).join(' ')}`).toBeDefined();
  expect(mail.text).toContain(link!);
  return link!.slice(`${PUBLIC_URL}${page}`.length);
}
