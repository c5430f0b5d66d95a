import { ALLOWED_METHODS } from "@/lib/platform/request-guard";

/**
 * The answer to a request Next.js could not route (lib/platform/request-guard.ts rewrites those
 * here): API v2's JSON error under /api/, a short page elsewhere, never a 500. Only refusal
 * statuses are given, whatever the query says.
 */
const STATUSES = new Set([204, 400, 405]);
const MESSAGES = new Set(["The request target is not valid.", "The request path is not valid.", "This method is not allowed."]);

function refuse(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const asked = Number(query.get("status"));
  const status = STATUSES.has(asked) ? asked : 400;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (status === 204 || status === 405) headers.Allow = ALLOWED_METHODS;
  if (status === 204) return new Response(null, { status, headers });
  const sent = query.get("message") ?? "";
  const message = MESSAGES.has(sent) ? sent : "The request target is not valid.";
  if (query.get("api") === "1") return Response.json({ result: false, message }, { status, headers });
  const page =
    `<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><title>Bad request</title></head>` +
    `<body><h1>${message}</h1><p><a href="/">Back to Home</a></p></body></html>`;
  return new Response(request.method === "HEAD" ? null : page, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

export const dynamic = "force-dynamic";
export { refuse as GET, refuse as HEAD, refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE, refuse as OPTIONS };
