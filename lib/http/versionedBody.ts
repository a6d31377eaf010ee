// Large response bodies that change only when their run does (the scatter points, the lineage
// graph), served compressed and cached per version: the route names the body (`key`) and the
// version of what it is built from (the run's change stamp); this answers 304 to a client that
// already holds that version (no database read of the body at all), otherwise serves the body
// built once per version and compressed once per encoding, from memory.
//
// Why in memory, in the web process: the body of a 100k run is ~8 MB of JSON that PostgreSQL
// needs ~0.3 s to write and gzip another ~0.1 s to compress; a repeat request must cost neither.
// The cache is bounded (EVOSCOPE_BODY_CACHE_MB, default 128 MB over raw and encoded copies),
// least recently used first out. A new version of a key replaces the old one at once.
//
// Compression: Next 16's route handlers cannot send a precompressed body. Next drops the
// handler's Content-Encoding (node_modules/next/dist/server/send-response.js FORBIDDEN_HEADERS)
// and then gzips the body itself (`next start`'s compress), so a brotli body went out labelled
// gzip, compressed twice (measured by `npm run bench -- scale`). Routes therefore serve the
// identity body and leave gzip to Next; `precompress` is for a server that passes the header on.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { etagOf, noneMatch, pickEncoding, type Encoding } from './conditional';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

interface Entry {
  version: string;
  raw: Promise<Buffer | null>;
  encoded: Map<Encoding, Promise<Buffer>>;
  bytes: number;
}

const g = globalThis as unknown as { __evoscopeBodies?: Map<string, Entry> };
const entries = (g.__evoscopeBodies ??= new Map());

const budget = () => Number(process.env.EVOSCOPE_BODY_CACHE_MB ?? 128) * 1024 ** 2;

/** Compression settings tuned for speed on 8 MB bodies: gzip 6 ~0.1 s, brotli 5 about as fast and smaller. */
function encode(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(raw, { level: 6 });
  if (encoding === 'br') {
    return brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  }
  return Promise.resolve(raw);
}

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

async function bodyOf(key: string, version: string, encoding: Encoding, build: () => Promise<string | null>): Promise<Buffer | null> {
  let entry = entries.get(key);
  if (!entry || entry.version !== version) {
    entry = { version, raw: build().then((s) => (s === null ? null : Buffer.from(s))), encoded: new Map(), bytes: 0 };
    entries.set(key, entry);
  } else {
    entries.delete(key);
    entries.set(key, entry);
  }
  const current = entry;
  let raw: Buffer | null;
  try {
    raw = await current.raw;
  } catch (e) {
    if (entries.get(key) === current) entries.delete(key); // a failed build is not cached
    throw e;
  }
  if (raw === null) {
    if (entries.get(key) === current) entries.delete(key);
    return null;
  }
  let body = current.encoded.get(encoding);
  if (!body) {
    body = encode(raw, encoding);
    current.encoded.set(encoding, body);
    const encoded = await body;
    current.bytes = Math.max(current.bytes, raw.length) + (encoding === 'identity' ? 0 : encoded.length);
    evict();
  }
  return body;
}

export interface VersionedBody {
  /** What the body is: route, run and parameters (e.g. `points:<runId>:<metric>`). */
  key: string;
  /** What it is built from, as a stamp that changes whenever the body would (the run's). */
  version: string;
  /** Builds the body (JSON text); null when there is nothing (the route then answers 404). */
  build: () => Promise<string | null>;
  contentType?: string;
  /** Encode here (br/gzip as accepted) instead of leaving compression to the server. */
  precompress?: boolean;
}

/**
 * The response for a versioned body: 304 when the client holds this version, else the body in
 * the best encoding the client accepts, with its ETag. Null when `build` found nothing.
 */
export async function versionedResponse(req: Request, body: VersionedBody): Promise<Response | null> {
  const encoding = body.precompress ? pickEncoding(req.headers.get('accept-encoding')) : 'identity';
  const etag = etagOf(body.version, encoding);
  // The client revalidates every time (no-cache) and gets a 304 while the run is unchanged.
  const headers: Record<string, string> = { etag, vary: 'accept-encoding', 'cache-control': 'private, no-cache' };
  if (noneMatch(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const bytes = await bodyOf(body.key, body.version, encoding, body.build);
  if (!bytes) return null;
  headers['content-type'] = body.contentType ?? 'application/json';
  headers['content-length'] = String(bytes.length);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { status: 200, headers });
}

/** Forgets every cached body (tests). */
export function clearVersionedBodies() {
  entries.clear();
}
