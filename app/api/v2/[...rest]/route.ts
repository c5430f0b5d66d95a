import { errorResponse } from "../_lib/http";

/** Any path under /api/v2 that no handler serves. */
const notFound = async () => errorResponse(404, "Not found.");

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
