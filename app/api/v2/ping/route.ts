import { handler } from "../_lib/http";

/**
 * GET /ping → {"result": true}: the server is up and answers API requests. No database, no
 * session: the cheapest answer an API v2 route can give (the System-Key check included), and so
 * npm run bench's baseline for the cart endpoints. Declares no cache kind, so it is never stored
 * (private, no-store): every ping must reach the app.
 */
export const GET = handler(async () => Response.json({ result: true }));
