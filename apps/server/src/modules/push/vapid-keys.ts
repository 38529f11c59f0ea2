import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID keys: configured, else generated once into DATA_DIR (every subscription is
 * bound to the public key, so new keys would silence every device). Two processes starting at
 * once on one data directory keep whichever file was written first.
 */
export function resolveVapidDetails(config: Config): VapidDetails {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  try {
    return { subject, ...read() };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { subject, ...read() };
  }
  return { subject, ...keys };
}

/** The site's https address, else the sender address of the e-mails. */
function defaultSubject(config: Config): string {
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL.replace(/\/+$/, '');
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}
