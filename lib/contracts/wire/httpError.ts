// A refused call to our own API, with its status (shared by the client fetch helpers).

/** A refused API call, with its status: 503 means the database is reconnecting (ReconnectingBanner). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The message of a refused call: the server's `{ error }` when it sent one, else the status line. */
export function refusalMessage(res: Response, body: unknown): string {
  return body && typeof body === 'object' && 'error' in body ? String(body.error) : `${res.status} ${res.statusText}`;
}
