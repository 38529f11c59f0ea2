import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server will ever call. A device hands us a URL and the server sends
 * requests to it: without these rules anyone could make the server reach hosts of their choice
 * (an internal service, the cloud's metadata address). An endpoint must be https, on the default
 * port, on a host of the allow-list (a `*.` entry matches its subdomains), and the host's name
 * must not lead to a private, loopback, link-local or otherwise reserved address — checked when
 * the device subscribes and again on every connection (`safeLookup`), so a name that later
 * resolves elsewhere is refused too. `*` alone (development only) allows any host and http.
 */
export interface EndpointRules {
  hosts: readonly string[];
}

export const anyHost = (rules: EndpointRules) => rules.hosts.includes('*');

const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(network, prefix, 'ipv6');

/** An address the public internet's push services are never on. */
export function isReservedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isReservedAddress(mapped[1]!);
    return reserved.check(address, 'ipv6');
  }
  return reserved.check(address, 'ipv4');
}

function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** The endpoint parsed, or why it is refused (for the logs; the user gets one message). */
export function checkEndpointUrl(endpoint: string, rules: EndpointRules): URL | string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (anyHost(rules)) return url.protocol === 'https:' || url.protocol === 'http:' ? url : 'not http(s)';
  if (url.protocol !== 'https:') return 'not https';
  if (url.port !== '') return 'not the default port';
  // A bracketed IPv6 literal comes back from URL with its brackets.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!hostAllowed(hostname, rules.hosts)) return 'host not allowed';
  if (isIP(hostname) !== 0 && isReservedAddress(hostname)) return 'reserved address';
  return url;
}

const LOOKUP_TIMEOUT_MS = 3000;

/** Every address the name resolves to is public; a name that does not resolve is refused. */
export async function resolvesPublicly(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return !isReservedAddress(bare);
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      dns.promises.lookup(bare, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return addresses.length > 0 && addresses.every((a) => !isReservedAddress(a.address));
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `lookup` for the sockets that carry pushes: the name's addresses are checked on every
 * connection, so the address connected to is the one checked.
 */
export function safeLookup(hostname: string, options: LookupAllOptions | object, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isReservedAddress(a.address))) {
      const refused: NodeJS.ErrnoException = new Error(
        `push host ${hostname} resolves to a reserved address`,
      );
      refused.code = 'EPUSHHOSTREFUSED';
      return callback(refused, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
