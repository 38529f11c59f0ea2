import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, isReservedAddress } from './push-endpoint.ts';

const defaults = {
  hosts: [
    'fcm.googleapis.com',
    'updates.push.services.mozilla.com',
    'web.push.apple.com',
    '*.notify.windows.com',
  ],
};

describe('push endpoint rules', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com./fcm/send/x',
  ])('accepts the browsers’ push services: %s', (endpoint) => {
    expect(checkEndpointUrl(endpoint, defaults)).toBeInstanceOf(URL);
  });

  it.each([
    ['https://evil.example/x', 'host not allowed'],
    ['https://notify.windows.com/x', 'host not allowed'],
    ['https://evilnotify.windows.com/x', 'host not allowed'],
    ['http://fcm.googleapis.com/x', 'not https'],
    ['https://fcm.googleapis.com:444/x', 'not the default port'],
    ['https://a:b@fcm.googleapis.com/x', 'credentials in the URL'],
    ['nonsense', 'not a URL'],
  ])('refuses %s', (endpoint, reason) => {
    expect(checkEndpointUrl(endpoint, defaults)).toBe(reason);
  });

  it('a listed address literal inside the network is still refused', () => {
    const hosts = { hosts: ['10.0.0.5', '[fd00::1]', '169.254.169.254'] };
    expect(checkEndpointUrl('https://10.0.0.5/x', hosts)).toBe('reserved address');
    expect(checkEndpointUrl('https://169.254.169.254/latest/meta-data', hosts)).toBe('reserved address');
  });

  it('`*` allows any host and http (development)', () => {
    expect(checkEndpointUrl('http://127.0.0.1:9999/push/a', { hosts: ['*'] })).toBeInstanceOf(URL);
    expect(checkEndpointUrl('ftp://127.0.0.1/push/a', { hosts: ['*'] })).toBe('not http(s)');
  });

  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['142.250.78.10', false],
    ['2607:f8b0:4005:80c::200a', false],
    ['::ffff:142.250.78.10', false],
    ['not-an-ip', true],
  ])('%s reserved: %s', (address, reserved) => {
    expect(isReservedAddress(address)).toBe(reserved);
  });
});
