/**
 * JSON text made safe inside a `<script>` element: `<`, `>` and `&` written as \u003c, \u003e and
 * \u0026 so that no value can close the element (`</script>`) or open a comment, and U+2028/2029
 * escaped for old parsers. JSON.parse reads them back the same.
 */
export const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A value as JSON for a `<script>` element (see scriptSafe). */
export const scriptJson = (value: unknown) => scriptSafe(JSON.stringify(value));
