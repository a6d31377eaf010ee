// The glue every route handler shares (after Dub's withWorkspace): refuse foreign requests
// (wrong Host, cross-site writes: lib/http/requestGuard.ts), await the params, run the handler,
// turn a thrown ApiError or ZodError into a JSON error with the right status. A write's body must
// be JSON within the route's budget (415 / 413 before it is read; `access.body`). Every route's
// every method goes through handle() and declares the permission it needs (lib/contracts/permissions.ts);
// tests/db/routeGuard.test.ts, routeRoles.test.ts and routeBody.test.ts walk app/api to hold that.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { isDatabaseUnavailable, RECONNECTING_MESSAGE } from '../db/unavailable';
import { refuseForeignRequest } from './guard';
import { ApiError, found } from '../contracts/apiError';
import { resolveActor } from './auth/actor';
import { refusal, type Actor, type Permission, type RouteAccess } from '../contracts/permissions';

export { ApiError, found };

/** Query string as a plain object for zod (repeated keys keep the last value). */
export function queryOf(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

export function errorMessage(e: z.ZodError): string {
  return e.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Default budget of a JSON request body; ingestion batches state a larger one (lib/contracts/api/ingest.ts). */
export const DEFAULT_JSON_BODY_BYTES = 4 * 1024 ** 2;

export interface JsonBody {
  value: unknown;
  /** The body held bytes that are not UTF-8; JSON parsing replaced them by U+FFFD. */
  invalidUtf8: boolean;
}

/**
 * The request body as JSON, refused with 415 unless sent as application/json (a foreign page
 * can POST text/plain without asking, no CORS preflight, never application/json), and with 413
 * when larger than `maxBytes`: before a byte is read when Content-Length says so, else at the
 * first chunk past the budget, so an oversized body is never held in memory (issue 15: eight
 * concurrent 480 MB POSTs grew the server to 6.8 GB).
 */
export async function jsonBodyOf(req: Request, maxBytes = bodyBudgets.get(req) ?? DEFAULT_JSON_BODY_BYTES): Promise<JsonBody> {
  refuseJsonBody(req, maxBytes);
  const bytes = await readBodyBytes(req, maxBytes);
  let text: string;
  let invalidUtf8 = false;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('utf-8').decode(bytes);
    invalidUtf8 = true;
  }
  try {
    return { value: JSON.parse(text), invalidUtf8 };
  } catch {
    throw new ApiError(400, 'the body is not valid JSON');
  }
}

export async function jsonBody(req: Request, maxBytes?: number): Promise<unknown> {
  return (await jsonBodyOf(req, maxBytes)).value;
}

/** The budget handle() declared for a request, so jsonBody() inside the route keeps to it. */
const bodyBudgets = new WeakMap<Request, number>();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether the request carries a body at all (a write without one, e.g. a cancel or a DELETE from
 * curl, is fine). HTTP/1.1 frames a body by Content-Length or Transfer-Encoding; `req.body` cannot
 * tell (Next hands every non-GET request a stream, empty or not). A body that comes without
 * either still meets jsonBody()'s own checks in the route.
 */
function hasBody(req: Request): boolean {
  const declared = req.headers.get('content-length');
  if (declared !== null) return declared.trim() !== '0';
  return req.headers.has('transfer-encoding');
}

/** 415 unless the body is JSON, 413 when Content-Length says more than `maxBytes`: nothing read. */
function refuseJsonBody(req: Request, maxBytes: number): void {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    throw new ApiError(415, `send the body as JSON with "Content-Type: application/json" (got ${type ? `"${type}"` : 'no content type'})`);
  }
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    req.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
}

/**
 * The body rules of every write route, applied by handle() before the handler runs (so a route
 * that reads its body carelessly, or not at all, still refuses what a foreign page could send:
 * issue 28, PATCH /api/runs/<id> read text/plain and 20 MB). Streamed routes check their own.
 */
function checkWriteBody(req: Request, access: RouteAccess): void {
  if (!WRITES.has(req.method.toUpperCase()) || access.body === 'stream' || !hasBody(req)) return;
  const maxBytes = access.body?.maxBytes ?? DEFAULT_JSON_BODY_BYTES;
  refuseJsonBody(req, maxBytes);
  bodyBudgets.set(req, maxBytes);
}
const tooLarge = (max: number) =>
  new ApiError(413, `the request body is larger than this route's limit of ${Math.round((max / 1024 ** 2) * 10) / 10} MB`);

async function readBodyBytes(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    req.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks, size);
}

type Params = Record<string, string>;

/** What a route handler gets besides the request and its params. */
export interface HandlerContext<Perm extends Permission = Permission> {
  /** Who is asking; null only on routes declared `{ permission: 'public' }` (never resolved there). */
  actor: [Perm] extends ['public'] ? null : Actor;
}

/** A route method: what Next calls, plus the access it declared (read by tests/db/routeRoles.test.ts). */
export type RouteHandler = ((req: NextRequest, ctx: { params: Promise<Params> }) => Promise<Response>) & { access: RouteAccess };

/**
 * Wrap one route method: `export const POST = handle(fn, { permission: 'upload' })`. The access
 * declaration is required (a route without one does not type-check, and the route walk fails
 * it): the permission is checked here, before `fn` runs, against the actor of the request
 * (lib/http/auth/actor.ts). A share link reaches only the run named by the route's `runId` param.
 */
export function handle<P extends Params = Params, Perm extends Permission = Permission>(
  fn: (req: NextRequest, params: P, ctx: HandlerContext<Perm>) => Promise<Response | object>,
  access: RouteAccess & { permission: Perm },
): RouteHandler {
  const wrapped = async (req: NextRequest, ctx: { params: Promise<P> }): Promise<Response> => {
    const refused = refuseForeignRequest(req);
    if (refused) return refused;
    try {
      checkWriteBody(req, access);
      // Next passes no params at all to a route without dynamic segments.
      const params = ((await ctx?.params) ?? {}) as P;
      let actor: Actor | null = null;
      if (access.permission !== 'public') {
        actor = await resolveActor(req, access.permission);
        const no = refusal(actor, access.permission, params.runId);
        if (no) return NextResponse.json({ error: no.error }, { status: no.status });
      }
      const out = await fn(req, params, { actor } as HandlerContext<Perm>);
      return out instanceof Response ? out : NextResponse.json(out);
    } catch (e) {
      if (e instanceof ApiError) return NextResponse.json(e.code ? { error: e.message, code: e.code } : { error: e.message }, { status: e.status });
      if (e instanceof z.ZodError) {
        return NextResponse.json({ error: errorMessage(e), issues: e.issues }, { status: 400 });
      }
      if (isDatabaseUnavailable(e)) {
        // PostgreSQL is restarting (npm start supervises it): a moment, not a bug.
        return NextResponse.json({ error: RECONNECTING_MESSAGE }, { status: 503, headers: { 'retry-after': '2' } });
      }
      console.error(`${req.method} ${req.nextUrl.pathname} failed`, e);
      return NextResponse.json({ error: 'internal error' }, { status: 500 });
    }
  };
  return Object.assign(wrapped, { access }) as unknown as RouteHandler;
}
