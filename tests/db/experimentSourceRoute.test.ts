// GET /api/runs/[runId]/experiments/[experimentId]/source?sha= through the route handler: the
// texts an experiment stored (a call's program, the tuned program of its report) are given out;
// a blob the experiment does not reference, another run's experiment and a malformed sha are
// refused.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/experiments/[experimentId]/source/route';
import { disconnect, pool } from '../../lib/db/client';
import { createExperiment, finishExperiment, storeCall } from '../../lib/db/experiments';
import { migrate } from '../../lib/runtime/migrate';
import { putBlob } from '../../lib/services/experiments/runExperiment';
import type { TuneReport } from '../../lib/contracts/interventionTypes';
import { evaluatorRow, scoredRun } from '../helpers/rerun';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const runs: string[] = [];
let runId: string;
let otherRunId: string;
let experimentId: string;
const shas: Record<string, string> = {};

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  const r = await scoredRun(`experiment-source-${Date.now()}`, [1, 2]);
  const o = await scoredRun(`experiment-source-other-${Date.now()}`, [1]);
  runs.push(r.runId, o.runId);
  runId = r.runId;
  otherRunId = o.runId;
  await evaluatorRow(runId);
  const x = await createExperiment({ runId, programId: r.programIds[1], params: { kind: 'tune', knobSource: 'offline', calls: 2, initialRandom: 0, seed: 0, style: 'dict' } });
  experimentId = x.id;
  shas.call = await putBlob(`# call source ${Date.now()}\n`);
  shas.tuned = await putBlob(`# tuned program ${Date.now()}\nPARAMS = {"a": 2}\n`);
  shas.stranger = await putBlob(`# not of this experiment ${Date.now()}\n`);
  await storeCall(experimentId, { idx: 0, phase: 'default', input: {}, status: 'ok', score: 1, sourceSha: shas.call });
  await finishExperiment(experimentId, 'done', { result: { kind: 'tune', tunedSha: shas.tuned, rewriteSha: null } as unknown as TuneReport });
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runs]);
  await disconnect();
});

async function get(run: string, id: string, sha: string) {
  const req = new NextRequest(`http://${host}/api/runs/${run}/experiments/${id}/source?sha=${sha}`, { headers: { host } });
  const res = await GET(req, { params: Promise.resolve({ runId: run, experimentId: id }) });
  return { status: res.status, body: await res.json() };
}

it('gives out the texts the experiment stored: a call’s program and the tuned program', async () => {
  const call = await get(runId, experimentId, shas.call);
  expect(call.status).toBe(200);
  expect(call.body).toEqual({ sha: shas.call, source: expect.stringContaining('# call source') });
  const tuned = await get(runId, experimentId, shas.tuned);
  expect(tuned.body.source).toContain('PARAMS = {"a": 2}');
});

it('refuses a blob the experiment does not reference, another run, and a malformed sha', async () => {
  expect((await get(runId, experimentId, shas.stranger)).status).toBe(404);
  expect((await get(otherRunId, experimentId, shas.call)).status).toBe(404);
  const bad = await get(runId, experimentId, 'abc');
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatch(/sha256/);
});
