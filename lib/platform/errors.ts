/** A failure with an HTTP status and a message meant for the client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message = "Not found.") => new ApiError(404, message);
