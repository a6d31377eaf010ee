// A refused call to our own API, with its status (components/ui/apiFetch.ts throws it).

/** A refused API call, with its status: 503 means the database is reconnecting (ReconnectingBanner). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
