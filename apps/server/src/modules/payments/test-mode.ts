import { TEST_MODE_BANNER } from '@app/contracts';

/**
 * The notice every page shows while payments go to the sandbox, written by the server into the
 * page it sends (outside the app's root, styled inline): no request and no code for the app to
 * load, on every page the server answers, rendered or not. With Bold nothing is added.
 */
export function testModeBanner(): string {
  return (
    '<aside aria-label="Aviso de pruebas" data-test-mode style="background:#fde68a;color:#1d2030;' +
    'text-align:center;font:600 0.9375rem/1.4 system-ui,sans-serif;padding:6px 12px;margin:0">' +
    `${TEST_MODE_BANNER}</aside>`
  );
}
