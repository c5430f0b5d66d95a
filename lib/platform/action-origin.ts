/**
 * A server action (a POST carrying Next.js's `Next-Action` header) sent from a page of another
 * site. Next.js refuses one itself, but with a 500 and a line in the error log; the middleware
 * answers 403 first (docs/back-office.md "Changes"), so a forged form is a refusal, not a crash.
 *
 * The same rule as Next's (app-render/action-handler): the Origin's host must be the host the
 * request was sent to, `X-Forwarded-Host` first (nginx sets it), else `Host`. A request without
 * Origin is let through as Next lets it through: browsers send Origin with every cross-site POST,
 * so one without it is a hand-made request, which carries only the credentials its sender has.
 */
export function crossSiteAction(method: string, headers: Headers): boolean {
  if (method !== "POST" || !headers.has("next-action")) return false;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  return !host || originHost.toLowerCase() !== host.toLowerCase();
}

export const CROSS_SITE_ACTION_MESSAGE = "This change was sent from another site, so it was refused. Open the back office at its own address and try again.";
