// Benchmark of the lineage explorer on a large generated run: time from navigation start to the
// first drawn frame of /runs/<id>/lineage, with the /graph API time and the layout time.
//
//   DATABASE_URL=... BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench/lineageFrame.ts
//
// Inserts (or reuses, by name) a generated run of BENCH_PROGRAMS programs (default 50,000: a
// random evolutionary tree over 4 islands with scores, 8% invalid, 4% crossovers and a few
// parents missing from the archive) into DATABASE_URL, stores its analyses when the run has
// none, then measures against the server at BASE_URL, which it does not start (the server must
// use the same database). Prints one JSON object on stdout; progress goes to stderr.
import http from 'node:http';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { Rng } from '../../lib/analysis/rng';
import { pool, disconnect } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun, ProgramRecord } from '../../lib/trace/schema';

const N = Number(process.env.BENCH_PROGRAMS ?? 50_000);
const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const NAME = `Bench · lineage ${N.toLocaleString('en-US')} programs`;
const log = (m: string) => process.stderr.write(`[lineageFrame] ${m}\n`);

/** A run shaped like an evolutionary search: parents mostly from each island's elite or recent programs. */
function generateRun(n: number, seed = 7): ImportedRun {
  const rng = new Rng(seed);
  const islands = 4;
  const programs: ProgramRecord[] = [];
  const score: (number | null)[] = [];
  const byIsland: number[][] = Array.from({ length: islands }, () => []);
  const elite: number[][] = Array.from({ length: islands }, () => []);
  for (let i = 0; i < n; i++) {
    const island = i < islands ? i : rng.int(0, islands - 1);
    const pool = byIsland[island];
    const parents: { externalId: string; operator?: string }[] = [];
    let base = 0;
    if (i >= islands) {
      const p = rng.chance(0.5) && elite[island].length ? rng.pick(elite[island]) : pool[Math.max(0, pool.length - 1 - rng.int(0, 400))];
      base = score[p] ?? 0;
      parents.push(rng.chance(0.002) ? { externalId: `lost-${rng.int(0, 40)}` } : { externalId: `p${p}`, operator: 'mutation' });
      if (rng.chance(0.04)) {
        const q = rng.int(0, i - 1);
        if (q !== p) parents.push({ externalId: `p${q}`, operator: 'crossover' });
      }
    }
    const valid = !rng.chance(0.08);
    const s = valid ? base + rng.gaussian(-0.002, 0.01) : null;
    score.push(s);
    pool.push(i);
    if (s !== null) {
      const e = elite[island];
      e.push(i);
      e.sort((a, b) => score[b]! - score[a]!);
      if (e.length > 20) e.pop();
    }
    programs.push({
      externalId: `p${i}`,
      code: `# program ${i}\nscore = ${s ?? 'None'}\n`,
      language: 'python',
      iteration: i,
      island,
      valid,
      score: s,
      metrics: s === null ? { error: 1 } : { combined_score: s },
      parents,
    });
  }
  return {
    run: { name: NAME, framework: 'openevolve', task: 'bench', language: 'python', scoreMetric: 'combined_score', sourceKind: 'generated' },
    programs,
    warnings: [],
    stats: {},
  };
}

async function ensureRun(): Promise<string> {
  const found = await pool().query<{ id: string }>('SELECT id FROM runs WHERE name = $1 AND program_count = $2 LIMIT 1', [NAME, N]);
  if (found.rows[0]) {
    log(`reusing run ${found.rows[0].id}`);
    return found.rows[0].id;
  }
  let t = performance.now();
  const run = generateRun(N);
  log(`generated ${N} programs in ${(performance.now() - t).toFixed(0)} ms; storing...`);
  t = performance.now();
  const stored = await storeImportedRun(run);
  log(`stored run ${stored.runId} in ${(performance.now() - t).toFixed(0)} ms`);
  return stored.runId;
}

async function ensureAnalyses(runId: string): Promise<string> {
  const has = await pool().query(`SELECT 1 FROM analyses WHERE run_id = $1 AND kind = 'lineage'`, [runId]);
  if (has.rowCount) return 'present';
  try {
    const mod = (await import('../../lib/services/analyses/runAnalyses')) as { computeRunAnalyses?: (id: string) => Promise<unknown> };
    if (!mod.computeRunAnalyses) return 'unavailable';
    const t = performance.now();
    await mod.computeRunAnalyses(runId);
    log(`computed analyses in ${(performance.now() - t).toFixed(0)} ms`);
    return 'computed';
  } catch (e) {
    log(`analyses not computed: ${(e as Error).message}`);
    return 'unavailable';
  }
}

/** One GET of the graph: time to the last byte, bytes on the wire (gzip) and decoded. */
function timeApi(url: string): Promise<{ ms: number; gzipBytes: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t;
          if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
          const body = Buffer.concat(chunks);
          const gzip = res.headers['content-encoding'] === 'gzip';
          resolve({ ms, gzipBytes: gzip ? body.length : NaN, bytes: gzip ? zlib.gunzipSync(body).length : body.length });
        });
      })
      .on('error', reject);
  });
}

interface Load {
  firstFrameMs: number | null;
  fetchMs: number | null;
  graphRequestMs: number | null;
  layoutMs: number | null;
  layoutComputeMs: number;
  drawMs: number | null;
  buildGraphMs: number | null;
  sigmaInitMs: number | null;
  fetchStartMs: number | null;
  nodes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x);

async function main() {
  const runId = await ensureRun();
  const analyses = await ensureAnalyses(runId);
  const counts = await pool().query<{ programs: number; edges: number }>(
    'SELECT program_count AS programs, edge_count AS edges FROM runs WHERE id = $1',
    [runId],
  );
  await disconnect();

  const api = [];
  for (let k = 0; k < 3; k++) api.push(await timeApi(`${BASE_URL}/api/runs/${runId}/graph`));
  log(`graph API: ${api.map((a) => round(a.ms)).join(', ')} ms`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
  const loads: Load[] = [];
  try {
    for (let k = 0; k < LOADS; k++) {
      // A fresh context per load: nothing cached from the previous one.
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/runs/${runId}/lineage`, { waitUntil: 'commit' });
      const canvas = page.getByTestId('lineage-canvas');
      await canvas.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 120_000 });
      // A string, not a function: tsx would wrap named closures in a __name() helper the page lacks.
      const m: Load = await page.evaluate(`(() => {
        const measure = (name) => performance.getEntriesByName(name, 'measure')[0]?.duration ?? null;
        const canvas = document.querySelector('[data-testid="lineage-canvas"]');
        const res = performance.getEntriesByType('resource').find((r) => r.name.includes('/graph'));
        return {
          firstFrameMs: performance.getEntriesByName('lineage:ready', 'mark')[0]?.startTime ?? null,
          fetchMs: measure('lineage:fetch'),
          graphRequestMs: res ? res.responseEnd - res.requestStart : null,
          layoutMs: measure('lineage:layout'),
          layoutComputeMs: Number(canvas?.getAttribute('data-layout-ms') ?? NaN),
          drawMs: measure('lineage:draw'),
          buildGraphMs: measure('lineage:build-graph'),
          sigmaInitMs: measure('lineage:sigma-init'),
          fetchStartMs: performance.getEntriesByName('lineage:fetch', 'measure')[0]?.startTime ?? null,
          nodes: Number(canvas?.getAttribute('data-nodes') ?? NaN),
        };
      })()`);
      log(`load ${k + 1}: first frame at ${round(m.firstFrameMs ?? NaN)} ms (${JSON.stringify(m)})`);
      loads.push(m);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const pick = (k: keyof Load) => round(median(loads.map((l) => Number(l[k]))));
  process.stdout.write(
    `${JSON.stringify(
      {
        runId,
        programs: counts.rows[0].programs,
        edges: counts.rows[0].edges,
        analyses,
        api: { medianMs: round(median(api.map((a) => a.ms))), bytes: api[0].bytes, gzipBytes: api[0].gzipBytes },
        browser: {
          loads: LOADS,
          medianFirstFrameMs: pick('firstFrameMs'),
          medianFetchMs: pick('fetchMs'),
          medianGraphRequestMs: pick('graphRequestMs'),
          medianLayoutMs: pick('layoutMs'),
          medianLayoutComputeMs: pick('layoutComputeMs'),
          medianDrawMs: pick('drawMs'),
          nodes: loads[0]?.nodes,
          each: loads,
        },
        target: { firstFrameMs: 2000, met: pick('firstFrameMs') < 2000 },
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
