/**
 * A message handed to the next page (docs/storefront.md, Pages: "a login or redirect may hand a message or an
 * error to the next screen, which shows it as a toast"), across a full page load.
 */
const KEY = "kesar_flash";

export type Flash = { kind: "success" | "error"; message: string };

export function setFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage blocked: the message is lost, the navigation still happens.
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const parsed = JSON.parse(raw) as Partial<Flash>;
    return (parsed.kind === "success" || parsed.kind === "error") && typeof parsed.message === "string" ? { kind: parsed.kind, message: parsed.message } : null;
  } catch {
    return null;
  }
}

/**
 * Loads `path` as a new document, handing it `flash`. Used when the session changes (signed in,
 * signed out, account deleted): every island, cache and page must start again from the new
 * session, which a client-side navigation would not do.
 */
export function reloadTo(path: string, flash?: Flash): void {
  if (flash) setFlash(flash);
  window.location.assign(path);
}
