/**
 * "Sign-in brings you back" (issue 12): a guarded page sends a signed-out visitor to the right
 * sign-in page with `?redirect=<path>`, and after signing in (or confirming a new account) they
 * land back there. The return target is only ever a path on this site: anything that a browser
 * could read as another origin or as a script is dropped, and the caller falls back to the
 * role's dashboard.
 */

/** The query parameter that carries the return path. */
export const RETURN_PARAM = 'redirect';

/** Longer return paths are dropped (no page of the app has one this long). */
export const MAX_RETURN_PATH_LENGTH = 2000;

/** The sign-in pages: returning to one of them would only loop. */
export const SIGN_IN_PAGES = ['/user-auth', '/host-auth', '/auth'] as const;

/** Pages whose people sign in at the host portal (SPEC §2: host-only or host-and-admin routes). */
const HOST_PAGES = ['/host-dashboard', '/upload-venue', '/venue-management/', '/edit-venue/'];

const pathOnly = (path: string) => path.split(/[?#]/, 1)[0]!;

const startsWithPage = (path: string, page: string) => {
  const p = pathOnly(path);
  return page.endsWith('/') ? p.startsWith(page) : p === page || p === `${page}/`;
};

/**
 * The path to go back to after signing in, or null when `raw` is not a safe path on this site.
 * Safe: a string of at most MAX_RETURN_PATH_LENGTH characters that starts with exactly one '/'
 * and has no backslash, no whitespace or control character, no encoded slash or backslash right
 * after the first '/', and is neither an API path nor a sign-in page. That rules out absolute
 * URLs (`https://…`), protocol-relative ones (`//evil`, `/\evil`, `/\t/evil`), schemes
 * (`javascript:`, `data:`) and relative paths.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  if (raw[0] !== '/') return null;
  // '//host' and '/\host' are read by browsers as another origin.
  if (raw[1] === '/' || raw[1] === '\\') return null;
  // Browsers turn '\' into '/' and drop tabs and line breaks inside URLs.
  if (raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007F-\u009F\u2028\u2029]/.test(raw)) return null;
  // An encoded '/' or '\' right after the first slash turns into '//' or '/\' once decoded.
  if (/^\/%(2f|5c)/i.test(raw)) return null;
  const path = pathOnly(raw).toLowerCase();
  if (path === '/api' || path.startsWith('/api/')) return null;
  if (SIGN_IN_PAGES.some((page) => startsWithPage(path, page))) return null;
  return raw;
}

/** The portal a page's visitors sign in at: hosts' pages at the host portal, the rest at the guests'. */
export function signInPageFor(path: string): '/host-auth' | '/user-auth' {
  return HOST_PAGES.some((page) => startsWithPage(path.toLowerCase(), page)) ? '/host-auth' : '/user-auth';
}

/** A sign-in page with the return parameter set to `path` (when `path` is safe). */
export function withReturnPath(signInPage: string, path: unknown): string {
  const safe = safeReturnPath(path);
  return safe ? `${signInPage}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : signInPage;
}

/** Where a signed-out visitor of `path` is sent: the right sign-in page, with the way back. */
export function signInUrlFor(path: string): string {
  return withReturnPath(signInPageFor(path), path);
}
