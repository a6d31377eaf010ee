// `npm run bench -- scale [--programs N]` (issue 14, item 4): a realistic run end to end, as a new
// user meets it. Generates an OpenEvolve-layout run of N programs (default 100,000) of realistic
// size (lib/services/demo/synthetic.ts REALISTIC: ~4.5 KB of source, written as `code` and `solution`),
// starts the app and the worker as `npm start` does (cli/serve.ts) on the throw-away database
// of DATABASE_URL, imports the run with the bundled CLI from a shell, waits for the worker's
// analyses, fills the runs table to 500 runs, then measures the JSON routes the run's pages use,
// at the URLs the pages fetch (versioned bodies packed, `?enc=gzip`; p50/p95 over 50 requests
// each), the JSON form of points and graph, and the overview, lineage and cycling pages in
// headless Chromium. Prints one JSON line per figure on stdout; progress goes to stderr.
//
//   DATABASE_URL=... npx tsx scripts/bench/scale.ts   (scripts/bench.ts runs it with a fresh database)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { disconnect, pool } from '../../lib/db/client';
import { REALISTIC, writeSyntheticOpenEvolveRun } from '../../lib/services/demo/synthetic';
import { packedUrl } from '../../lib/contracts/wire/packedBody';
import { measureCommand } from './measureCommand';
import { measureRoute, timedGet } from './scaleApi';
import { launch, measurePage } from './scalePages';

const { values } = parseArgs({
  options: {
    programs: { type: 'string', default: process.env.BENCH_SCALE_PROGRAMS ?? '100000' },
    requests: { type: 'string', default: '50' },
    loads: { type: 'string', default: '3' },
    runs: { type: 'string', default: '500' },
    port: { type: 'string', default: process.env.BENCH_SCALE_PORT ?? '3792' },
    'analyses-timeout': { type: 'string', default: '3600' },
  },
});
const N = Number(values.programs);
const REQUESTS = Number(values.requests);
const PORT = Number(values.port);
const root = process.cwd();
const base = `http://127.0.0.1:${PORT}`;
const log = (l: string) => process.stderr.write(`[scale] ${l}\n`);
const emit = (bench: string, figures: object, target?: string) =>
  process.stdout.write(`${JSON.stringify({ bench, programs: N, ...figures, ...(target ? { target } : {}), loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10) })}\n`);

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on port ${PORT} did not answer /api/health within 2 minutes`);
}

/**
 * Done when the worker's run-analyses job is: the cached graph is there for all N programs, the
 * evolution report (stored last, after complexity) too, and the job's progress row is gone.
 */
async function waitForAnalyses(runId: string, timeoutS: number): Promise<number> {
  const t = performance.now();
  let last = '';
  while (performance.now() - t < timeoutS * 1000) {
    const { rows } = await pool().query<{ done: boolean; kinds: string[] | null }>(
      `SELECT EXISTS (SELECT 1 FROM graph_cache WHERE run_id = $1 AND program_count = $2)
              AND EXISTS (SELECT 1 FROM analyses WHERE run_id = $1 AND kind = 'evolution')
              AND NOT EXISTS (SELECT 1 FROM analyses_progress WHERE run_id = $1) AS done,
              (SELECT array_agg(kind ORDER BY kind) FROM analyses WHERE run_id = $1) AS kinds`,
      [runId, N],
    );
    if (rows[0].done) return performance.now() - t;
    const now = (rows[0].kinds ?? []).join(', ');
    if (now !== last) log(`analyses so far: ${now || 'none'} (${Math.round((performance.now() - t) / 1000)} s)`);
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the worker's analyses did not finish within ${timeoutS} s`);
}

/** Waits until the worker has nothing left to run now (failed-for-good and future jobs aside). */
async function waitForIdleWorker(timeoutS: number): Promise<number> {
  const t = performance.now();
  let last = '';
  while (performance.now() - t < timeoutS * 1000) {
    const { rows } = await pool().query<{ task: string; n: number }>(
      `SELECT task_identifier AS task, count(*)::int AS n FROM graphile_worker.jobs
       WHERE attempts < max_attempts AND run_at <= now() GROUP BY 1 ORDER BY 1`,
    );
    if (rows.length === 0) return performance.now() - t;
    const now = rows.map((r) => `${r.task} ${r.n}`).join(', ');
    if (now !== last) log(`worker still busy: ${now} (${Math.round((performance.now() - t) / 1000)} s)`);
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the worker's queue did not empty within ${timeoutS} s`);
}

/** Fills the runs table to `total` runs: rows as the list reads them (it never reads programs). */
async function fillRuns(total: number) {
  const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM runs');
  const more = Math.max(0, total - rows[0].n);
  await pool().query(
    `INSERT INTO runs (id, name, framework, task, language, tags, status, program_count, invalid_count, unevaluated_count,
                       best_score, last_iteration, score_metric, metric_keys, imported_at)
     SELECT gen_random_uuid(), 'bench run ' || i, (ARRAY['openevolve','shinka','funsearch','llamea'])[1 + i % 4], 'task_' || (i % 23),
            CASE WHEN i % 3 = 0 THEN 'cpp' ELSE 'python' END, CASE WHEN i % 10 = 0 THEN ARRAY['ten'] ELSE ARRAY[]::text[] END, 'ready',
            1000 + i, i % 97, i % 13, i / 7.0, 1000 + i, 'combined_score', ARRAY['combined_score'], now() - i * interval '1 minute'
     FROM generate_series(1, $1::int) i`,
    [more],
  );
  await pool().query('ANALYZE runs');
  return more;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-scale-'));
const dir = path.join(tmp, 'run');
let server: ReturnType<typeof spawn> | null = null;
try {
  let t = performance.now();
  writeSyntheticOpenEvolveRun(dir, N, 11, REALISTIC);
  const du = Number(spawnSync('du', ['-s', '--apparent-size', '--block-size=1M', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
  log(`wrote a realistic ${N}-program run (${du} MB) in ${Math.round(performance.now() - t)} ms`);

  server = spawn(process.execPath, ['--import', 'tsx', 'cli/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), EVOSCOPE_DATA_DIR: path.join(tmp, 'data'), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', process.env.BENCH_SCALE_SERVER_LOG ? 'inherit' : 'ignore'],
    detached: true, // its own process group: stopped as a whole below
  });
  await waitForHealth();
  log(`app and worker up on port ${PORT}`);

  // EVOSCOPE_IMPORT_TIMINGS: the import's own line of where its time went (read, parse, hash, COPY per table, ANALYZE), on stderr.
  const imported = await measureCommand(`node bin/evoscope.mjs import ${JSON.stringify(dir)} --json`, { cwd: root, env: { ...process.env, EVOSCOPE_IMPORT_TIMINGS: '1' } });
  if (imported.exitCode !== 0) throw new Error(`import failed (exit ${imported.exitCode})`);
  const run = await pool().query<{ id: string; program_count: number; score_metric: string }>(
    'SELECT id, program_count, score_metric FROM runs ORDER BY imported_at DESC LIMIT 1',
  );
  const runId = run.rows[0].id;
  const metric = encodeURIComponent(run.rows[0].score_metric);
  emit('scale: import (node bin/evoscope.mjs import DIR --json)', {
    diskMB: du, wallMs: imported.wallMs, programsPerSecond: Math.round(N / (imported.wallMs / 1000)),
    peakTreeRssMB: imported.peakTreeRssMB, cpuMs: imported.cpuMs, stored: run.rows[0].program_count,
  }, '>= 5,000 programs/s, < 1.5 GB');

  t = performance.now();
  const analysesMs = await waitForAnalyses(runId, Number(values['analyses-timeout']));
  emit("scale: the worker's run-analyses, import end to its last report stored", { wallMs: Math.round(analysesMs) }, '< 60 s');

  // "With the app otherwise idle": what the worker queues after the analyses (the offline edit
  // labels of every edit, ...) runs to its end before anything is timed.
  const drainedMs = await waitForIdleWorker(Number(values['analyses-timeout']));
  emit("scale: the worker's jobs queued after the analyses (offline edit labels), until its queue is empty", { wallMs: Math.round(drainedMs) });

  const added = await fillRuns(Number(values.runs));
  log(`runs table filled to ${values.runs} runs (${added} rows added)`);
  await disconnect();

  // The URLs as the run's pages fetch them: versioned bodies in their packed form (?enc=gzip,
  // lib/contracts/wire/fetchPacked.ts), the rest as JSON.
  const p = (route: string) => packedUrl(`/api/runs/${runId}/${route}`);
  const routes = [
    '/api/runs', '/api/runs/facets', `/api/runs/${runId}`, p(`points?metric=${metric}`), p(`best-so-far?metric=${metric}`),
    p(`plateaus?metric=${metric}&k=5`), p('duplicates'), `/api/runs/${runId}/programs?sort=seq&offset=0&limit=100`,
    `/api/runs/${runId}/programs?sort=-score&offset=0&limit=100`, p('graph'), p('graph?only=lineage'),
    p('cycling?definitions=default&scope=lineage'), p('cycling/edits?definitions=default&scope=lineage&offset=0&limit=50'),
    p('evolution'), p('cost-curve'), `/api/runs/${runId}/search-state`,
  ];
  for (const route of routes) {
    const f = await measureRoute(base, route, { requests: REQUESTS });
    emit(`scale: GET ${route.replace(runId, '<id>')}`, { ...f, route: undefined }, route === '/api/runs' ? `p95 < 50 ms with ${values.runs} runs` : 'p95 < 150 ms');
  }
  // The JSON form of the two largest bodies, as curl or a script that accepts gzip gets it: Next
  // gzips it on every request.
  for (const route of [`/api/runs/${runId}/points?metric=${metric}`, `/api/runs/${runId}/graph`]) {
    const f = await measureRoute(base, route, { requests: REQUESTS });
    emit(`scale: GET ${route.replace(runId, '<id>')} (JSON form, gzipped by Next)`, { ...f, route: undefined });
  }
  // A browser that holds the current version revalidates: 304, no body.
  for (const route of [p(`points?metric=${metric}`), p('graph')]) {
    const { etag } = await timedGet(`${base}${route}`);
    const f = await measureRoute(base, route, { requests: REQUESTS, headers: etag ? { 'if-none-match': etag } : {} });
    emit(`scale: GET ${route.replace(runId, '<id>')} revalidated (If-None-Match)`, { ...f, route: undefined });
  }

  const browser = await launch();
  try {
    const loads = Number(values.loads);
    for (const [name, url, ready] of [
      ['overview', `/runs/${runId}`, '[data-testid="score-chart"][data-state="ready"]'],
      ['lineage', `/runs/${runId}/lineage`, '[data-testid="lineage-canvas"][data-state="ready"]'],
      ['cycling', `/runs/${runId}/cycling`, null],
    ] as const) {
      emit(`scale: ${name} page in headless Chromium`, await measurePage(browser, name, `${base}${url}`, ready, loads), name === 'overview' ? 'network idle < 1.5 s' : undefined);
    }
  } finally {
    await browser.close();
  }
} finally {
  await disconnect().catch(() => {});
  if (server?.pid) {
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
