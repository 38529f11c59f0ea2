/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Logger settings. Logs are read by more people and kept longer than anything else the server
 * writes, so a bearer token must never reach them: a token in a log is a session anyone with
 * access to the logs can take over for days.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Whatever logs a request's or response's headers (an error handler, a plugin, a debug line)
    // gets these censored.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: {
      // Fastify's default request fields, with any token-like query parameter censored in the
      // URL: old clients (or a mistaken link) may still put a token there. Also applied to any
      // `req` someone logs by hand, which may not be a request at all.
      req(request: {
        method?: string;
        url?: unknown;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
          host: request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}

export const REDACTED = '[Redacted]';

/** A JSON Web Token: three base64url parts, the header starting with `{"` (eyJ). */
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The URL with the value of every token-like query parameter (a name mentioning "token":
 * token, jwt_token, access_token…, or a value shaped like a JWT) replaced by a marker.
 * Split by hand rather than one clever pattern, so it stays linear on a hostile 16 KB URL.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return redactLinkPath(url);
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? '' : part.slice(0, eq);
      const value = eq < 0 ? part : part.slice(eq + 1);
      if (decode(name).toLowerCase().includes('token') || JWT_SHAPE.test(decode(value)))
        return eq < 0 ? REDACTED : `${name}=${REDACTED}`;
      return part;
    });
  return `${redactLinkPath(url.slice(0, query))}?${parts.join('&')}`;
}

/** Pages whose last path segment is a one-time link's token (reset, e-mail change, invitation). */
const LINK_PAGES = ['/restablecer/', '/confirmar-correo/', '/invite/'];

/** The path with a one-time link's token replaced by the marker. */
function redactLinkPath(path: string): string {
  for (const page of LINK_PAGES) {
    if (path.startsWith(page) && path.length > page.length) return `${page}${REDACTED}`;
  }
  return path;
}
