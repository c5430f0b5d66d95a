import { handler } from "../_lib/http";

/**
 * GET /ping → {"result": true}: the server is up and answers API requests. No database, no
 * session: the cheapest answer an API v2 route can give (the System-Key check included), and so
 * npm run bench's baseline for the cart endpoints. Never stored by a cache, nor by the server's
 * API response cache (which lists only catalog reads).
 */
export const GET = handler(async () => Response.json({ result: true }, { headers: { "Cache-Control": "no-store" } }));
