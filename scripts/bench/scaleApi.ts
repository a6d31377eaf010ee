// The API half of the scale benchmark (scripts/bench/scale.ts): p50/p95 of each JSON route a
// run's pages use, over sequential requests as a browser sends them (Accept-Encoding: gzip,
// deflate, br), timed to the last byte, and the bytes on the wire.
import http from 'node:http';

export interface RouteFigures {
  route: string;
  status: number;
  requests: number;
  /** The first request (of the warm-up): what a first visit after an import or an append meets. */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  wireBytes: number;
  encoding: string | null;
}

interface Once {
  ms: number;
  status: number;
  bytes: number;
  encoding: string | null;
  etag: string | null;
}

/** One GET, timed from the request to the last byte of the body. */
export function timedGet(url: string, headers: Record<string, string> = {}): Promise<Once> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({
          ms: performance.now() - t,
          status: res.statusCode ?? 0,
          bytes,
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          etag: (res.headers.etag as string | undefined) ?? null,
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${url}: no answer within 60 s`)));
    req.on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const r1 = (x: number) => Math.round(x * 10) / 10;

/** `requests` timed GETs of one route after `warmUp` untimed ones (the first builds its cache). */
export async function measureRoute(base: string, route: string, opts: { requests?: number; warmUp?: number; headers?: Record<string, string> } = {}): Promise<RouteFigures> {
  const requests = opts.requests ?? 50;
  let firstMs = NaN;
  for (let k = 0; k < (opts.warmUp ?? 3); k++) {
    const r = await timedGet(`${base}${route}`, opts.headers);
    if (k === 0) firstMs = r.ms;
  }
  const runs: Once[] = [];
  for (let k = 0; k < requests; k++) runs.push(await timedGet(`${base}${route}`, opts.headers));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return {
    route,
    status: runs[0].status,
    requests,
    firstMs: r1(firstMs),
    p50Ms: r1(quantile(ms, 0.5)),
    p95Ms: r1(quantile(ms, 0.95)),
    maxMs: r1(ms[ms.length - 1]),
    wireBytes: runs[0].bytes,
    encoding: runs[0].encoding,
  };
}
