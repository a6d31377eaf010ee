// The tuning sweep route (issue 11, item 2): POST tunes every K-th best-so-far event of a run (the
// first always) as experiments sharing a group id, each queued for the worker; GET shows each
// program's original score, ceiling and status beside the run's own best-so-far curve. The
// errors: no evaluator (409), a program of another run (404), too many programs (400).
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import * as sweepRoute from '../../app/api/runs/[runId]/tuning-sweep/route';
import type { TuningSweepView } from '../../lib/contracts/api/tuningSweep';
import { pool } from '../../lib/db/client';
import { NO_EVALUATOR } from '../../lib/db/evaluationBatches';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { everyKth } from '../../lib/services/experiments/tuningSweep';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { useTestDatabase } from '../helpers/dbTest';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';

const { runIds } = useTestDatabase({ after: () => releaseJobClient() });
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

type Route = { GET?: unknown; POST?: unknown };
async function call(route: Route, method: 'GET' | 'POST', path: string, params: Record<string, string>, body?: unknown) {
  const handler = route[method] as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const headers: Record<string, string> = { host };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const req = new NextRequest(`http://${host}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

async function run(scores: number[]) {
  const r = await scoredRun(`sweep ${crypto.randomUUID().slice(0, 8)}`, scores);
  runIds.push(r.runId);
  return r;
}

describe('tuning sweep', () => {
  it('every K-th event, the first included', () => {
    expect(everyKth([...Array(23).keys()], 10)).toEqual([0, 10, 20]);
    expect(everyKth([7], 10)).toEqual([7]);
    expect(everyKth([1, 2, 3], 1)).toEqual([1, 2, 3]);
  });

  it('POST tunes every tenth best-so-far event as one group, queued; GET shows ceilings beside the best-so-far curve', { timeout: 180_000 }, async () => {
    // 13 programs, 12 best-so-far events (p5 is no improvement): the sweep takes events 1 and 11 (p0, p11).
    const scores = [1.25, 1.5, 1.75, 2.25, 2.5, 2.125, 2.75, 3.25, 3.5, 3.75, 4.25, 4.5, 4.75];
    const r = await run(scores);
    await attachScoreEvaluator(r.runId);
    const url = `/api/runs/${r.runId}/tuning-sweep`;
    const res = await call(sweepRoute, 'POST', url, { runId: r.runId }, { params: { calls: 3, initialRandom: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { groupId, experiments } = res.body as { groupId: string; experiments: { id: string; programExternalId: string; groupId: string; status: string; params: Record<string, unknown> }[] };
    expect(experiments.map((x) => x.programExternalId)).toEqual(['p0', 'p11']);
    expect(experiments.every((x) => x.groupId === groupId && x.status === 'queued')).toBe(true);
    expect(experiments[0].params).toMatchObject({ kind: 'tune', calls: 3, initialRandom: 1, knobSource: 'offline' });
    const jobs = await pool().query<{ key: string }>('SELECT key FROM graphile_worker.jobs WHERE key = ANY($1::text[])', [
      experiments.map((x) => `run-experiment:${JSON.stringify({ experimentId: x.id })}`),
    ]);
    expect(jobs.rows).toHaveLength(2);

    // One of them tuned (in-process here; the worker does it in production), the other still queued.
    expect((await runExperiment(experiments[1].id))?.status).toBe('done');
    const got = await call(sweepRoute, 'GET', `${url}?groupId=${groupId}`, { runId: r.runId });
    expect(got.status).toBe(200);
    const view = got.body as TuningSweepView;
    expect(view).toMatchObject({ groupId, higherIsBetter: true, runFinalBest: 4.75 });
    expect(view.curve.map((p) => p.externalId)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p6', 'p7', 'p8', 'p9', 'p10', 'p11', 'p12']);
    expect(view.curve.map((p) => p.score)).toEqual(scores.filter((s) => s !== 2.125));
    expect(view.items.map((i) => [i.externalId, i.iteration, i.originalScore, i.status])).toEqual([
      ['p0', 0, 1.25, 'queued'],
      ['p11', 11, 4.5, 'done'],
    ]);
    expect(view.items[0].ceiling).toBeNull();
    expect(view.items[1].ceiling).toBeGreaterThanOrEqual(4.5);
    expect(view.items[1].gap).toBe(4.75 - view.items[1].ceiling!);
    expect(view.items[1]).toMatchObject({ done: 4, total: 4 });
    // Without a group id: the run's latest sweep.
    expect((await call(sweepRoute, 'GET', url, { runId: r.runId })).body).toEqual(view);
  });

  it('explicit programs; the errors say what is wrong', { timeout: 60_000 }, async () => {
    const r = await run([1.25, 2.5, 3.75]);
    const url = `/api/runs/${r.runId}/tuning-sweep`;
    const none = await call(sweepRoute, 'POST', url, { runId: r.runId }, {});
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(NO_EVALUATOR);
    await attachScoreEvaluator(r.runId);
    const other = await run([1]);
    const foreign = await call(sweepRoute, 'POST', url, { runId: r.runId }, { programIds: [other.programIds[0]] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toContain(other.programIds[0]);
    const picked = await call(sweepRoute, 'POST', url, { runId: r.runId }, { programIds: [r.programIds[2], r.programIds[1]] });
    expect(picked.status).toBe(201);
    expect(picked.body.experiments.map((x: { programExternalId: string }) => x.programExternalId)).toEqual(['p2', 'p1']);
    const bad = await call(sweepRoute, 'POST', url, { runId: r.runId }, { every: 0 });
    expect(bad.status).toBe(400);
    const unknownGroup = await call(sweepRoute, 'GET', `${url}?groupId=${crypto.randomUUID()}`, { runId: r.runId });
    expect(unknownGroup.status).toBe(404);

    const long = await run(Array.from({ length: 101 }, (_, i) => 1 + i / 8));
    await attachScoreEvaluator(long.runId);
    const many = await call(sweepRoute, 'POST', `/api/runs/${long.runId}/tuning-sweep`, { runId: long.runId }, { every: 1 });
    expect(many.status).toBe(400);
    expect(many.body.error).toContain('at most 100');
    expect((await pool().query('SELECT count(*)::int AS n FROM experiments WHERE run_id = $1', [long.runId])).rows[0].n).toBe(0);
  });
});
