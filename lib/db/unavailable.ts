// Tells "the database is not there right now" (restarting after a crash, refusing connections
// while it recovers) from every other failure, so routes answer 503 "the database is reconnecting"
// and pages say so, instead of 500 "internal error". Errors arrive from pg directly (the raw
// pool) or wrapped by Prisma's driver adapter, so the whole cause chain is examined.

/** Socket-level failures of a connection to the server. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** PostgreSQL SQLSTATEs: connection exceptions (08), shutdown and start-up (57P01-57P03). */
const PG_STATES = /^(08\d{3}|57P0[123])$/;
/** Prisma's codes for an unreachable or closed server. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017']);
const MESSAGES = /Connection terminated|connection is closed|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|DatabaseNotReachable|ConnectionClosed/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  const seen = new Set<unknown>();
  for (let cur = e; cur && typeof cur === 'object' && !seen.has(cur); cur = (cur as { cause?: unknown }).cause) {
    seen.add(cur);
    const { code, message, kind, syscall } = cur as { code?: unknown; message?: unknown; kind?: unknown; syscall?: unknown };
    // A missing Unix socket (the server is down); a missing file anywhere else is not an outage.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof code === 'string' && (NET_CODES.has(code) || PG_STATES.test(code) || PRISMA_CODES.has(code))) return true;
    if (typeof kind === 'string' && /DatabaseNotReachable|ConnectionClosed|SocketTimeout/.test(kind)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // AggregateError (a connection attempt to several addresses).
    const errors = (cur as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export const RECONNECTING_MESSAGE = 'the database is reconnecting';

/**
 * Runs `read`, waiting through a database restart (up to `withinMs`) instead of failing: the
 * embedded PostgreSQL is back within seconds of a crash, so a page render that waits is served.
 * Other errors, and an outage longer than that, are thrown as they are.
 */
export async function waitingForDatabase<T>(read: () => Promise<T>, withinMs = 15_000, everyMs = 500): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (!isDatabaseUnavailable(e) || Date.now() + everyMs > end) throw e;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
