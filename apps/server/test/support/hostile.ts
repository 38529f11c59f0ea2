/** Helpers of the tests that send hostile input to every route. */

// Every field name some route reads, so each validator meets the hostile text (passwords first:
// they are the fields a short body must still reach).
const FIELDS = [
  'current_password',
  'password',
  'email',
  'new_password',
  'name',
  'last_name',
  'phone',
  'address',
  'bio',
  'avatar',
  'birth_date',
  'description',
  'tags',
  'image',
  'title',
  'started_at',
  'account_number',
  'account_name',
  'account_document_number',
  'city',
  'postal_code',
  'term',
  'search',
  'amount',
  'advance_seconds',
];

/**
 * A JSON body of about `size` bytes: the quadratic-email text in as many fields as fit. Each text
 * is at least 300 characters, longer than any password may be: a password that passes validation
 * costs one scrypt in the thread pool (about 0.2 s, the point of a slow hash), which is what
 * the per-account limits are for, not what this body probes.
 */
export function hostileBody(size: number): string {
  const share = Math.max(300, Math.floor((size - FIELDS.length * 24) / FIELDS.length));
  const text = `a@${'a.'.repeat(Math.floor((share - 3) / 2))}@`;
  const fields = FIELDS.slice(0, Math.max(1, Math.floor(size / (share + 24))));
  return JSON.stringify(Object.fromEntries(fields.map((field) => [field, text])));
}

/**
 * JSON bodies of about `size` bytes whose cost is their structure, not their texts: brackets
 * nested as deep as they fit, a list of as many tiny values, an object of as many short keys.
 * Parsed, each took the server seconds at the 8 MB of the product route.
 */
export function structuralBodies(size: number): Record<string, string> {
  const depth = Math.floor((size - 16) / 2);
  const count = Math.floor((size - 16) / 2);
  const keys = Math.floor((size - 16) / 12);
  return {
    nested: `{"image":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    'many values': `{"tags":[${'0,'.repeat(count - 1)}0]}`,
    'many keys': `{${Array.from({ length: keys }, (_, i) => `"k${i.toString(36).padStart(6, '0')}":0`).join(',')}}`,
  };
}

/** A concrete path for a route pattern: ids for parameters, a word for wildcards. */
export function concretePath(url: string, value = '1'): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, 'x');
}

export async function timed(
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** Polls /api/health every 50 ms until stopped; returns the slowest answer and any failure. */
export function watchHealth(url: string) {
  let running = true;
  let slowest = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (running) {
      const res = await timed(`${url}/api/health`, {}).catch((err) => ({
        status: 0,
        text: String(err),
        ms: 0,
      }));
      slowest = Math.max(slowest, res.ms);
      if (res.status !== 200) failures.push(`${res.status} ${res.text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowest, failures };
    },
  };
}
