// Reports computed by an older version of an analysis are not served as current (issue 7,
// item 4): they read as "not computed yet", and the worker's start-up queues their recompute.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANALYSIS, REPORT_VERSION } from '../../lib/analysis/reportTypes';
import { computeBestSoFarForRun, getAnalysis, getBestSoFar } from '../../lib/db/analyses';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { disconnect, pool } from '../../lib/db/client';
import { getCyclingReportHead } from '../../lib/db/cyclingReports';
import { getRunGraphJson, getRunGraphLineageJson } from '../../lib/db/graph';
import { migrate } from '../../lib/runtime/migrate';
import { computeRunAnalyses } from '../../lib/services/analyses/runAnalyses';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { queueStaleAnalyses } from '../../lib/services/jobs/staleAnalyses';
import { startWorker } from '../helpers/workerProcess';

const runIds: string[] = [];
beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
});

const prog = (id: string, it: number, parents: string[] = []) => ({
  externalId: id,
  code: `x = ${it}\ny = ${it * 2}\n`,
  iteration: it,
  valid: true,
  score: it,
  metrics: { score: it },
  parents: parents.map((externalId) => ({ externalId })),
});

const reports = async (runId: string) => ({
  evolution: await getAnalysis(runId, ANALYSIS.evolution, ''),
  cycling: await getCyclingReportHead(runId, 'default', 'lineage'),
  bestSoFar: await getBestSoFar(runId, 'score'),
  lineage: (JSON.parse((await getRunGraphLineageJson(runId))!) as { lineage: unknown }).lineage,
  graphLineage: (JSON.parse((await getRunGraphJson(runId))!) as { lineage: unknown }).lineage,
});

const queuedKeys = async (runId: string) =>
  (
    await pool().query<{ key: string }>('SELECT key FROM graphile_worker.jobs WHERE key = ANY($1::text[]) ORDER BY key', [
      [`run-analyses:${JSON.stringify({ runId })}`, `run-summary:${JSON.stringify({ runId })}`],
    ])
  ).rows.map((r) => r.key.split(':')[0]);

it('serves no report of another version and queues the run for a recompute', async () => {
  const runId = await createLiveRun({ name: 'stale reports test', framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [prog('a', 0), prog('b', 1, ['a']), prog('c', 2, ['b'])]);
  await computeRunAnalyses(runId);
  await computeBestSoFarForRun(runId);
  const fresh = await reports(runId);
  for (const [k, v] of Object.entries(fresh)) expect(v, k).not.toBeNull();

  // What an upgrade that changed the analyses finds: rows of an older version.
  await pool().query('UPDATE analyses SET version = version - 1 WHERE run_id = $1', [runId]);
  expect(await reports(runId)).toEqual({ evolution: null, cycling: null, bestSoFar: null, lineage: null, graphLineage: null });

  expect(await queueStaleAnalyses()).toBeGreaterThanOrEqual(1);
  expect(await queuedKeys(runId)).toEqual(['run-analyses', 'run-summary']);
  expect((await pool().query('SELECT 1 FROM graph_cache WHERE run_id = $1', [runId])).rowCount).toBe(0);

  // The recompute (what the queued jobs run) makes them current again.
  await computeRunAnalyses(runId);
  await computeBestSoFarForRun(runId);
  for (const [k, v] of Object.entries(await reports(runId))) expect(v, k).not.toBeNull();
});

it('a worker starting after an upgrade recomputes the stale reports', { timeout: 120_000 }, async () => {
  const runId = await createLiveRun({ name: 'stale reports worker test', framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [prog('a', 0), prog('b', 1, ['a'])]);
  await computeRunAnalyses(runId);
  await computeBestSoFarForRun(runId);
  await pool().query('UPDATE analyses SET version = version - 1 WHERE run_id = $1', [runId]);
  expect(await queuedKeys(runId)).toEqual([]);

  // Its own data folder: the start-up sweep of stale uploads must not look at anyone else's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-stale-reports-'));
  const worker = await startWorker({ EVOSCOPE_DATA_DIR: dataDir });
  try {
    expect(worker.log()).toMatch(/queued a recompute of the analyses of \d+ run/);
    const stale = async () =>
      (await pool().query('SELECT count(*)::int AS n FROM analyses WHERE run_id = $1 AND version <> $2', [runId, REPORT_VERSION])).rows[0].n;
    const end = Date.now() + 90_000;
    while ((await stale()) > 0) {
      if (Date.now() > end) throw new Error(`reports still stale\n${worker.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const [k, v] of Object.entries(await reports(runId))) expect(v, k).not.toBeNull();
  } finally {
    await worker.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
