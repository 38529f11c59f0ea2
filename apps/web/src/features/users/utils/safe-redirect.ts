/**
 * A post-login destination we may follow: a path on this site only. Anything that could leave the
 * origin ('//evil.com', '/\evil.com', 'https://…', 'javascript:…') is refused: an open redirect
 * lets a phishing link borrow our login page.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace get stripped or rewritten by URL parsers: refuse them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this check.
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  try {
    const base = 'http://app.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = url.pathname + url.search + url.hash;
    // Going back to the login page after logging in would be a loop.
    if (url.pathname === '/login') return null;
    return path;
  } catch {
    return null;
  }
}
