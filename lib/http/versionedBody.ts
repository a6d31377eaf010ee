// Large response bodies that change only when their run does (the scatter points, the lineage
// graph, the stored analyses' reports), cached per version: the route names the body (`key`) and
// the version of what it is built from (the run's change stamp); this answers 304 to a client
// that already holds that version (no database read of the body at all), otherwise serves the
// body built once per version, from memory, in one of two forms:
//   - JSON (the plain URL): for curl users, scripts and tests. Next gzips it on the wire for a
//     client that accepts gzip, on every request (Next 16 drops a route's own Content-Encoding:
//     node_modules/next/dist/server/send-response.js FORBIDDEN_HEADERS).
//   - packed (`?enc=gzip`, lib/contracts/wire/packedBody.ts): the JSON gzipped once per version and sent
//     as application/octet-stream, which Next leaves alone; the browser decodes it. This is what
//     the pages fetch: at 100k programs Next's per-request gzip of an 8 MB body was most of the
//     route's time.
//
// The gzip is started as soon as the JSON is built, whichever form was asked for, so it is
// usually ready before the browser asks (zlib works on libuv's thread pool, off the event loop).
//
// Why in memory, in the web process: the body of a 100k run is ~8 MB of JSON that PostgreSQL
// needs ~0.3 s to write; a repeat request must not pay it. The cache is bounded
// (EVOSCOPE_BODY_CACHE_MB, default 128 MB over both forms), least recently used first out. A new
// version of a key replaces the old one at once.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from 'zod';
import { etagOf, noneMatch } from './conditional';
import { PACKED_PARAM, PACKED_TYPE, PACKED_VALUE } from '../contracts/wire/packedBody';

const gzip = promisify(zlib.gzip);

interface Entry {
  version: string;
  json: Promise<Buffer | null>;
  packed: Promise<Buffer | null>;
  bytes: number;
}

const g = globalThis as unknown as { __evoscopeBodies?: Map<string, Entry> };
const entries = (g.__evoscopeBodies ??= new Map());

const budget = () => Number(process.env.EVOSCOPE_BODY_CACHE_MB ?? 128) * 1024 ** 2;

function evict() {
  let total = 0;
  for (const e of entries.values()) total += e.bytes;
  // Oldest first (Map keeps insertion order; a hit re-inserts its entry).
  for (const [key, e] of entries) {
    if (total <= budget() || entries.size <= 1) break;
    entries.delete(key);
    total -= e.bytes;
  }
}

function entryOf(key: string, version: string, build: () => Promise<string | null>): Entry {
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const json = build().then((s) => (s === null ? null : Buffer.from(s)));
  // Level 6: ~0.1 s for 8 MB of JSON, once per version; higher levels cost several times that for a few % less.
  const both = json.then(async (b) => (b === null ? null : { json: b, packed: await gzip(b, { level: 6 }) }));
  const entry: Entry = { version, json, packed: both.then((x) => x?.packed ?? null), bytes: 0 };
  entries.set(key, entry);
  // A failed or empty build is not cached (forgotten before the requests waiting on it resume).
  const forget = () => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  json.then((b) => b === null && forget(), forget);
  entry.packed.catch(() => {}); // a JSON request alone must not leave it an unhandled rejection
  // Counted once both forms exist.
  both.then((x) => {
    if (!x) return;
    entry.bytes = x.json.length + x.packed.length;
    evict();
  }, forget);
  return entry;
}

const encSchema = z.enum([PACKED_VALUE], { error: `${PACKED_PARAM} must be "${PACKED_VALUE}" or absent` }).optional();

/** Whether the request asks for the packed form (`?enc=gzip`); a 400 for any other `enc`. */
export function wantsPacked(req: Request): boolean {
  return encSchema.parse(new URL(req.url).searchParams.get(PACKED_PARAM) ?? undefined) === PACKED_VALUE;
}

export interface VersionedBody {
  /** What the body is: route, run and parameters (e.g. `points:<runId>:<metric>`). */
  key: string;
  /** What it is built from, as a stamp that changes whenever the body would (the run's). */
  version: string;
  /** Builds the body (JSON text); null when there is nothing (the route then answers 404). */
  build: () => Promise<string | null>;
}

/**
 * The response for a versioned body: 304 when the client holds this version, else the body as
 * JSON or, for `?enc=gzip`, packed, with its ETag (each form its own). Null when `build` found nothing.
 */
export async function versionedResponse(req: Request, body: VersionedBody): Promise<Response | null> {
  const packed = wantsPacked(req);
  const etag = etagOf(body.version, packed ? 'gzip' : 'identity');
  // The client revalidates every time (no-cache) and gets a 304 while the run is unchanged.
  const headers: Record<string, string> = { etag, 'cache-control': 'private, no-cache' };
  if (noneMatch(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const entry = entryOf(body.key, body.version, body.build);
  const bytes = await (packed ? entry.packed : entry.json);
  if (!bytes) return null;
  headers['content-type'] = packed ? PACKED_TYPE : 'application/json';
  headers['content-length'] = String(bytes.length);
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { status: 200, headers });
}

/** Forgets every cached body (tests). */
export function clearVersionedBodies() {
  entries.clear();
}
