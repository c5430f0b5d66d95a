/**
 * Where to send a shopper after sign-in: a path on this site, or the fallback. Absolute URLs,
 * scheme-relative "//host", backslashes (browsers read "/\host" as "//host"), control characters
 * and the same tricks hidden behind percent-encoding are all refused.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = "/"): string {
  if (!raw || raw.length > 2000) return fallback;
  let decoded = raw;
  // Undo up to three layers of percent-encoding so "%2F%2Fevil.com" is seen as "//evil.com".
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  for (const value of [raw, decoded]) {
    if (!value.startsWith("/") || value.startsWith("//")) return fallback;
    if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
    // Dot segments let "/.//host" become "//host" once resolved.
    if (/(^|\/)\.{1,2}(\/|$|\?|#)/.test(value)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(raw, "http://store.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://store.invalid" || url.pathname.startsWith("//")) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Never back to the sign-in screens themselves.
  if (/^\/(login|registration|forgot-password|reset-password)(\/|\?|#|$)/.test(url.pathname)) return fallback;
  return path;
}
