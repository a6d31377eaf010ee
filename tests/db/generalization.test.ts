// Public vs private re-scoring queries (lib/db/generalization.ts): the chain assembled with the
// latest re-runs of each program, fallbacks, the evaluator and batch state, thresholds, and the
// cross-run list behind Tables 11-12. Rows are inserted directly, as the re-run batches write them.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as crossRoute from '../../app/api/generalization/route';
import * as thresholdRoute from '../../app/api/runs/[runId]/generalization/threshold/route';
import * as runRoute from '../../app/api/runs/[runId]/generalization/route';
import * as settingsRoute from '../../app/api/settings/generalization/route';
import { disconnect, pool } from '../../lib/db/client';
import {
  getRunGeneralization,
  getThresholdSetting,
  listRunVerdicts,
  setRunThreshold,
  setThresholdSetting,
} from '../../lib/db/generalization';
import { storeImportedRun } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';
import type { ImportedRun } from '../../lib/trace/schema';

const tag = crypto.randomUUID().slice(0, 8);
const fw = `gen-${tag}`;
const runIds: string[] = [];

function run(name: string, scores: number[], higherIsBetter = true, task = 'ahc-demo'): ImportedRun {
  return {
    run: { name: `${name} ${tag}`, framework: fw, task, scoreMetric: 'score', higherIsBetter },
    warnings: [],
    stats: {},
    programs: scores.map((s, i) => ({ externalId: `p${i}`, code: `// ${name} ${i}\n`, iteration: i, valid: true, score: s, metrics: { score: s } })),
  };
}

async function programIds(runId: string): Promise<Record<string, string>> {
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  return Object.fromEntries(rows.map((r) => [r.external_id, r.id]));
}

async function rerun(runId: string, programId: string, testSet: 'public' | 'private', score: number | null, opts: { ageS?: number; kind?: string; sandbox?: string } = {}) {
  await pool().query(
    `INSERT INTO evaluations (run_id, program_id, status, kind, test_set, score, sandbox_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(secs => $8))`,
    [runId, programId, score === null ? 'error' : 'ok', opts.kind ?? 'rerun', testSet, score, opts.sandbox ?? (score === null ? 'timeout' : 'ok'), opts.ageS ?? 0],
  );
}

let maxRun: string;
let minRun: string;
let bareRun: string;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  // Chain on the recorded score: p0 (1), p2 (2), p4 (3), p5 (4).
  maxRun = (await storeImportedRun(run('Maximise', [1, 0.5, 2, 1.5, 3, 4]))).runId;
  minRun = (await storeImportedRun(run('Minimise', [10, 8, 9, 5], false, 'tsp'))).runId;
  bareRun = (await storeImportedRun(run('No private', [1, 2]))).runId;
  runIds.push(maxRun, minRun, bareRun);

  const p = await programIds(maxRun);
  await pool().query(
    `INSERT INTO evaluators (id, run_id, version, contract, program_file, files, private_files, timeout_seconds, origin)
     VALUES (gen_random_uuid(), $1, 1, 'command', 'main.cpp', '{}', NULL, 10, 'cli'), (gen_random_uuid(), $1, 2, 'command', 'main.cpp', '{}', $2, 10, 'cli')`,
    [maxRun, JSON.stringify({ 'private/seeds.txt': 'a'.repeat(64), 'private/more.txt': 'b'.repeat(64) })],
  );
  await pool().query(
    `INSERT INTO evaluation_batches (id, run_id, scope, program_ids, test_sets, status, total, done, failed, created_at)
     VALUES (gen_random_uuid(), $1, 'best-chain', $2, '{public}', 'done', 4, 4, 0, now() - interval '1 hour'),
            (gen_random_uuid(), $1, 'best-chain', $2, '{public,private}', 'running', 8, 3, 1, now())`,
    [maxRun, [p.p0, p.p2, p.p4, p.p5]],
  );
  await rerun(maxRun, p.p0, 'public', 1);
  await rerun(maxRun, p.p2, 'public', 2);
  await rerun(maxRun, p.p4, 'public', 3.1);
  // p5: no public re-run (falls back to its recorded 4).
  await rerun(maxRun, p.p0, 'private', 100);
  await rerun(maxRun, p.p2, 'private', 120);
  await rerun(maxRun, p.p4, 'private', 90); // public up, private down: an overfitting step
  await rerun(maxRun, p.p5, 'private', 50, { ageS: 60 }); // superseded by the later re-run below
  await rerun(maxRun, p.p5, 'private', 95);
  await rerun(maxRun, p.p1, 'private', 1e6); // not on the chain
  await rerun(maxRun, p.p0, 'private', -5, { kind: 'recorded' }); // not a re-run

  const q = await programIds(minRun); // chain p0 (10), p1 (8), p3 (5)
  await rerun(minRun, q.p0, 'private', 20);
  await rerun(minRun, q.p1, 'private', 18);
  await rerun(minRun, q.p3, 'private', null); // the last program's private re-run timed out
});

afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await pool().query('DELETE FROM settings WHERE key = ANY($1::text[])', [runIds.map((id) => `generalization.threshold.run:${id}`)]);
  await disconnect();
});

describe('one run', () => {
  it('assembles the chain with the latest public and private re-run of each program', async () => {
    const g = (await getRunGeneralization(maxRun))!;
    expect(g.result.steps.map((s) => [s.externalId, s.public, s.publicSource, s.private])).toEqual([
      ['p0', 1, 'rerun', 100],
      ['p2', 2, 'rerun', 120],
      ['p4', 3.1, 'rerun', 90],
      ['p5', 4, 'recorded', 95],
    ]);
    expect(g.result.recordedPublicSteps).toBe(1);
    expect(g.result.steps.map((s) => s.overfit)).toEqual([false, false, true, false]);
    // Default threshold: 5 % of the first private score (100) = 5; private fell by exactly 5: mild.
    expect(g.threshold).toMatchObject({ value: 5, source: 'relative' });
    expect(g.result.verdict).toBe('overfit-mild');
    expect(g.result.privateChange).toBe(-5);
  });

  it('reports the latest evaluator version with its private files, and the latest private batch', async () => {
    const g = (await getRunGeneralization(maxRun))!;
    expect(g.evaluator).toMatchObject({ version: 2, privateFiles: 2 });
    expect(g.batch).toMatchObject({ status: 'running', total: 8, done: 3, failed: 1, testSets: ['public', 'private'] });
    const bare = (await getRunGeneralization(bareRun))!;
    expect(bare.evaluator).toBeNull();
    expect(bare.batch).toBeNull();
    expect(bare.result.verdict).toBe('not-scored');
  });

  it('takes the run override before the global setting, and the global setting before the relative default', async () => {
    const before = await getThresholdSetting();
    try {
      await setRunThreshold(maxRun, 4);
      expect((await getRunGeneralization(maxRun))!.result.verdict).toBe('overfit-severe');
      await setRunThreshold(maxRun, null);
      await setThresholdSetting({ absolute: 10, relative: 0.05 });
      const g = (await getRunGeneralization(maxRun))!;
      expect(g.threshold).toMatchObject({ value: 10, source: 'global' });
      expect(g.result.verdict).toBe('overfit-mild');
    } finally {
      await setThresholdSetting(before);
    }
  });

  it('minimisation, with a failed private re-run of the last program: not scored, naming it', async () => {
    const g = (await getRunGeneralization(minRun))!;
    expect(g.run.higherIsBetter).toBe(false);
    expect(g.result.steps.map((s) => s.externalId)).toEqual(['p0', 'p1', 'p3']);
    expect(g.result.steps[1]).toMatchObject({ dPublic: -2, dPrivate: -2, overfit: false });
    expect(g.result.verdict).toBe('not-scored');
    expect(g.result.verdictReason).toContain('last program (p3');
    expect(g.result.verdictReason).toContain('timeout');
  });

  it('sees scores rewritten in place (the chain is cached per process, keyed by a fingerprint of the scores)', async () => {
    expect((await getRunGeneralization(bareRun))!.result.steps.map((s) => s.externalId)).toEqual(['p0', 'p1']);
    await pool().query(`UPDATE programs SET score = 0.5 WHERE run_id = $1 AND external_id = 'p1'`, [bareRun]);
    expect((await getRunGeneralization(bareRun))!.result.steps.map((s) => s.externalId)).toEqual(['p0']);
    await pool().query(`UPDATE programs SET score = 2 WHERE run_id = $1 AND external_id = 'p1'`, [bareRun]);
    expect((await getRunGeneralization(bareRun))!.result.steps.map((s) => s.externalId)).toEqual(['p0', 'p1']);
  });

  it('is null for an unknown run', async () => {
    expect(await getRunGeneralization(crypto.randomUUID())).toBeNull();
  });
});

describe('across runs', () => {
  it('lists every run with a private re-run, and only those', async () => {
    const mine = (await listRunVerdicts()).filter((r) => r.framework === fw);
    expect(mine.map((r) => [r.name, r.task, r.verdict, r.chainLength, r.overfitSteps])).toEqual([
      [`Maximise ${tag}`, 'ahc-demo', 'overfit-mild', 4, 1],
      [`Minimise ${tag}`, 'tsp', 'not-scored', 3, 0],
    ]);
  });
});

describe('routes', () => {
  type Handler<P> = (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>;
  const call = <P extends Record<string, string>>(handler: Handler<P>, url: string, params = {} as P, init: { method?: string; body?: unknown } = {}) => {
    const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
    return handler(
      new NextRequest(`http://${host}${url}`, {
        method: init.method ?? 'GET',
        headers: { host, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
      { params: Promise.resolve(params) },
    );
  };

  it('GET /api/runs/[runId]/generalization answers JSON or the per-step CSV, 404 for an unknown run', async () => {
    const json = await call(runRoute.GET, `/api/runs/${maxRun}/generalization`, { runId: maxRun });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { result: { verdict: string } }).result.verdict).toBe('overfit-mild');
    const csv = await call(runRoute.GET, `/api/runs/${maxRun}/generalization?format=csv`, { runId: maxRun });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatch(/^2,4,[0-9a-f-]{36},p4,3,3\.1,rerun,90,,1\.1\d*,-30,true$/);
    const unknown = crypto.randomUUID();
    expect((await call(runRoute.GET, `/api/runs/${unknown}/generalization`, { runId: unknown })).status).toBe(404);
    expect((await call(runRoute.GET, `/api/runs/${maxRun}/generalization?format=xml`, { runId: maxRun })).status).toBe(400);
  });

  it('PUT .../threshold sets and clears the run threshold, refusing negative and non-numeric values', async () => {
    const put = (body: unknown) => call(thresholdRoute.PUT, `/api/runs/${maxRun}/generalization/threshold`, { runId: maxRun }, { method: 'PUT', body });
    const set = await put({ threshold: 1 });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { result: { verdict: string } }).result.verdict).toBe('overfit-severe');
    expect((await put({ threshold: -1 })).status).toBe(400);
    expect((await put({ threshold: 'ten' })).status).toBe(400);
    expect((await put({ threshold: null })).status).toBe(200);
    expect((await getRunGeneralization(maxRun))!.threshold.source).not.toBe('run');
  });

  it('PUT /api/settings/generalization validates the global setting', async () => {
    const put = (body: unknown) => call(settingsRoute.PUT, '/api/settings/generalization', {}, { method: 'PUT', body });
    expect((await put({ absolute: null, relative: -0.1 })).status).toBe(400);
    expect((await put({ absolute: 'x', relative: 0.05 })).status).toBe(400);
    expect((await put({ absolute: null })).status).toBe(400);
    const got = await call(settingsRoute.GET, '/api/settings/generalization');
    expect(await got.json()).toEqual(await getThresholdSetting());
  });

  it('GET /api/generalization serves both tables as JSON and CSV', async () => {
    const counts = (await (await call(crossRoute.GET, '/api/generalization?table=counts')).json()) as { counts: { framework: string; scored: number; notScored: number }[] };
    expect(counts.counts.find((c) => c.framework === fw)).toMatchObject({ scored: 1, notScored: 1 });
    const csv = await (await call(crossRoute.GET, '/api/generalization?table=verdicts&format=csv')).text();
    expect(csv).toContain(`ahc-demo,${fw},${maxRun},Maximise ${tag},overfit-mild,3,-5,5,higher,4,1`);
    expect((await call(crossRoute.GET, '/api/generalization?table=both')).status).toBe(400);
  });
});
