// The split run-analyses job (lib/services/analyses/runAnalyses.ts: complexity on worker threads beside cycling
// on this thread, duplicates meanwhile) stores exactly what the sequential path computes, measures
// a source shared by two runs once, and reports its progress for the run's pages while it runs.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/analyses-progress/route';
import type { AnalysesProgress } from '../../lib/analysis/analysesProgress';
import { initParsers } from '../../lib/analysis/complexity';
import { ANALYSIS, cyclingParams, REPORT_VERSION } from '../../lib/analysis/reportTypes';
import { buildRunReports } from '../../lib/analysis/runReport';
import { syntheticImportedRun } from '../../lib/services/demo/syntheticRun';
import { getAnalysis } from '../../lib/db/analyses';
import { getAnalysesProgress, ProgressRecorder } from '../../lib/db/analysesProgress';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { computeRunAnalyses, loadAnalysisPrograms } from '../../lib/services/analyses/runAnalyses';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

// Sources no other test stores (the complexity cache is shared by every run in the database):
// 600 programs, 540 distinct sources (every tenth repeats the one before it).
const tag = crypto.randomUUID();
const run = (name: string) => syntheticImportedRun(name, 600, { seed: 21, tag, repeatEvery: 10 });
const programs = run('').programs;

async function store(name: string): Promise<string> {
  const { runId } = await storeImportedRun(run(name));
  runIds.push(runId);
  return runId;
}

const status = async (runId: string) =>
  (await GET(new NextRequest(`http://${host}/api/runs/${runId}/analyses-progress`, { headers: { host } }), { params: Promise.resolve({ runId }) })).json();

it('stores the reports the sequential path computes, reporting its progress while it runs', async () => {
  const runId = await store(`split analyses ${tag}`);
  expect(await status(runId)).toEqual({ running: null, pending: true }); // imported, not analysed yet

  const written: AnalysesProgress[] = [];
  const progress = new ProgressRecorder(runId, { throttleMs: 0, observe: (p) => written.push(p) });
  const job = computeRunAnalyses(runId, { progress, pool: { threads: 2, batchSize: 50 } });
  // The first write (reading the run) happens before any long computation: the page sees it.
  await progress.flush();
  const seen = await status(runId);
  expect(seen.running.text).toMatch(/^analyses: /);
  const done = await job;
  await progress.flush();
  expect(done).toMatchObject({ complexity: { sources: 540, cached: 0, computed: 540, threads: 2 } });
  expect(done && done.ms.total).toBeGreaterThan(0);

  // Every step was reported, complexity in counted steps (batches of 50 of 540), ending all done.
  const counted = written.map((p) => (p.complexity?.state === 'running' ? p.complexity.done : null)).filter((n) => n !== null);
  expect(counted.some((n) => n! > 0 && n! < 540)).toBe(true);
  expect(written.some((p) => p.cycling?.state === 'done')).toBe(true);
  const last = written.at(-1)!;
  for (const step of ['loading', 'duplicates', 'complexity', 'cycling', 'storing', 'graph'] as const) expect(last[step]?.state).toBe('done');
  expect(last.complexity).toEqual({ state: 'done', done: 540, total: 540 });
  // Still stored until the job's end is recorded; then gone, and the reports are current.
  expect((await getAnalysesProgress(runId))?.running?.text).toBe(
    'analyses: reading the run done, duplicates done, complexity done, cycling done, storing done, lineage graph done',
  );
  await progress.close();
  expect(await status(runId)).toEqual({ running: null, pending: false });

  // The stored reports equal the sequential path's (buildRunReports, as the job ran before the split).
  const loaded = (await loadAnalysisPrograms(runId))!;
  await initParsers();
  const sequential = buildRunReports(loaded.programs, { higherIsBetter: true, effectiveIteration: (p) => loaded.effective.get(p.id) ?? 0 });
  const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x));
  expect(sequential.cycling).toHaveLength(4);
  for (const c of sequential.cycling) {
    const params = cyclingParams(c.definitions, c.scope);
    expect(await getAnalysis(runId, ANALYSIS.cycling, params)).toEqual(plain(c.report));
    expect(await getAnalysis(runId, ANALYSIS.cyclingMarks, params)).toEqual(plain(c.marks));
  }
  expect(await getAnalysis(runId, ANALYSIS.lineage)).toEqual(plain(sequential.lineage));
  expect(await getAnalysis(runId, ANALYSIS.evolution)).toEqual(plain(sequential.evolution));
  const dup = await pool().query(`SELECT version FROM analyses WHERE run_id = $1 AND kind = 'duplicates'`, [runId]);
  expect(dup.rows).toEqual([{ version: REPORT_VERSION }]);
  const graph = await pool().query('SELECT program_count FROM graph_cache WHERE run_id = $1', [runId]);
  expect(graph.rows).toEqual([{ program_count: 600 }]);
});

it('measures a source held by two runs once: the second run reads all of them from the cache', async () => {
  const other = await store(`split analyses again ${tag}`);
  const done = await computeRunAnalyses(other);
  expect(done).toMatchObject({ complexity: { sources: 540, cached: 540, computed: 0 } });
  const rows = await pool().query(
    `SELECT count(*)::int AS n FROM complexity_cache c JOIN programs p ON p.code_sha = c.blob_sha256 WHERE p.run_id = $1`,
    [other],
  );
  expect(rows.rows[0].n).toBe(600); // one cache row per distinct source, found by each of its 600 programs
});

it('shows no progress of a job that died (no write for ten minutes)', async () => {
  const runId = runIds[0];
  await pool().query(
    `INSERT INTO analyses_progress (run_id, steps, started_at, updated_at) VALUES ($1, '{"cycling":{"state":"running"}}', now() - interval '1 hour', now() - interval '11 minutes')`,
    [runId],
  );
  expect((await status(runId)).running).toBeNull();
  await pool().query(`UPDATE analyses_progress SET updated_at = now() WHERE run_id = $1`, [runId]);
  expect((await status(runId)).running.text).toBe('analyses: cycling');
  await pool().query('DELETE FROM analyses_progress WHERE run_id = $1', [runId]);
});

it('stops the complexity threads when the job fails: no source is measured after the failure', async () => {
  const fresh = crypto.randomUUID(); // nothing cached: every source is measured by the threads
  const run: ImportedRun = {
    run: { name: `failing analyses ${fresh}`, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python', sourceKind: 'generated' },
    programs: programs.flatMap((p) => [0, 1, 2].map((c) => ({ ...p, externalId: `${p.externalId}-${c}`, code: `# ${fresh} ${c}\n${p.code}`, parents: (p.parents ?? []).map((q) => ({ externalId: `${q.externalId}-${c}` })) }))),
    warnings: [],
    stats: {},
  };
  const { runId } = await storeImportedRun(run);
  runIds.push(runId);
  let measured = 0;
  const progress = new ProgressRecorder(runId, {
    throttleMs: 0,
    observe: (p) => {
      if (p.complexity?.state !== 'running') return;
      measured = p.complexity.done ?? 0; // other steps may still write (duplicates end on the database)
    },
  });
  // The first cycling pass fails (as a database error storing a report would): the job rejects.
  const job = computeRunAnalyses(runId, {
    progress,
    pool: { threads: 2, batchSize: 10, window: 1 },
    onStep: (s) => {
      if (s.startsWith('diffs')) throw new Error('cycling failed');
    },
  });
  await expect(job).rejects.toThrow('cycling failed');
  const atFailure = measured;
  await new Promise((r) => setTimeout(r, 2000));
  expect(measured).toBe(atFailure);
  expect(measured).toBeLessThan(1620);
  await progress.close();
});

it('stops when the worker cancels the job (its abort signal)', async () => {
  const controller = new AbortController();
  controller.abort(new Error('worker shutting down'));
  await expect(computeRunAnalyses(runIds[0], { signal: controller.signal })).rejects.toThrow('worker shutting down');
});
