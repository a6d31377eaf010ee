// An error with an HTTP status and a message for the user; handle() (lib/http/handler.ts) turns it
// into a JSON answer. Its own file so lib/auth and lib/db can throw it without importing the handler.
// `code`: a stable name a client can tell the refusal by (e.g. NO_EVALUATOR), sent beside the message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Returns the value, or throws a 404 naming what was not found. */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new ApiError(404, `${what} not found`);
  return value;
}
