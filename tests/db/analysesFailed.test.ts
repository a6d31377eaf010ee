// A run whose analyses job failed for good (graphile-worker spent its attempts) says so on its
// pages, with the error's first line, instead of "queued" forever; queueing the job again (a new
// import, a live run's next batch) brings back "queued".
import { makeWorkerUtils } from 'graphile-worker';
import { NextRequest } from 'next/server';
import { expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/analyses-progress/route';
import { statusLine } from '../../lib/analysis/analysesProgress';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { enqueueRunAnalyses, releaseJobClient } from '../../lib/db/jobQueue';
import { useTestDatabase } from '../helpers/dbTest';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase({ after: releaseJobClient });

const status = async (runId: string) =>
  (await GET(new NextRequest(`http://${host}/api/runs/${runId}/analyses-progress`, { headers: { host } }), { params: Promise.resolve({ runId }) })).json();

it('shows a permanently failed job as failed, with the short text of its error, until it is queued again', async () => {
  const runId = await createLiveRun({ name: 'failed analyses test', framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [{ externalId: 'a', code: 'x = 1\n', iteration: 0, valid: true, score: 1, metrics: { score: 1 }, parents: [] }]);
  await enqueueRunAnalyses(runId);
  expect(await status(runId)).toEqual({ running: null, pending: true });

  const key = `run-analyses:${JSON.stringify({ runId })}`;
  const { rows } = await pool().query<{ id: string }>('SELECT id::text FROM graphile_worker.jobs WHERE key = $1', [key]);
  expect(rows).toHaveLength(1);
  const utils = await makeWorkerUtils({ connectionString: process.env.DATABASE_URL! });
  try {
    await utils.permanentlyFailJobs([rows[0].id], 'Error: out of memory reading /srv/evoscope/lib/services/analyses/runAnalyses.ts\n    at load (/srv/evoscope/x.js:1:2)');
  } finally {
    await utils.release();
  }
  const failed = await status(runId);
  expect(failed).toMatchObject({ running: null, pending: true, failed: { error: 'out of memory reading runAnalyses.ts' } });
  expect(statusLine(failed)).toBe('analyses: failed (out of memory reading runAnalyses.ts)');

  // Queued again: the failure is history.
  await enqueueRunAnalyses(runId);
  expect(await status(runId)).toEqual({ running: null, pending: true });
});
