// The search's own state (issue 12) stored with the run and read back through
// /api/runs/[runId]/search-state: a real FunSearch export and the QOS OpenEvolve run; a failed
// import leaves neither the run nor any of its state.
import crypto from 'node:crypto';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as getState } from '../../app/api/runs/[runId]/search-state/route';
import { GET as getSnapshot } from '../../app/api/runs/[runId]/search-state/snapshots/[seq]/route';
import { pool } from '../../lib/db/client';
import { storeImportedRun, storeImportedRuns } from '../../lib/db/importRun';
import { readFunSearchRuns } from '../../lib/importers/funsearch';
import { readOpenEvolveRun } from '../../lib/importers/openevolve';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');

async function state(runId: string) {
  const res = await getState(new NextRequest(`http://${host}/api/runs/${runId}/search-state`, { headers: { host } }), { params: Promise.resolve({ runId }) });
  return { status: res.status, body: await res.json() };
}
async function snapshot(runId: string, seq: number | string) {
  const res = await getSnapshot(new NextRequest(`http://${host}/api/runs/${runId}/search-state/snapshots/${seq}`, { headers: { host } }), {
    params: Promise.resolve({ runId, seq: String(seq) }),
  });
  return { status: res.status, body: await res.json() };
}

describe('search state stored and read back', () => {
  it('a FunSearch export: config, the final islands and counters', async () => {
    // Numbers checked in lib/importers/funsearch.test.ts against a python3 pass over the file.
    const [imported] = await readFunSearchRuns(path.join(RUNS, 'funsearch__lumi-a__funsearch__json-data/docs/json-data/gasoline_list_1740242660.json'));
    const { runId } = await storeImportedRun(imported);
    runIds.push(runId);
    const { status, body } = await state(runId);
    expect(status).toBe(200);
    expect(body.config).toEqual({
      num_islands: 10, reset_period: 14400, cluster_sampling_temperature_init: 0.1, cluster_sampling_temperature_period: 30000, functions_per_prompt: 2,
    });
    // 31 improvement snapshots (the islands' trajectories), then the final state.
    expect(body.snapshots).toHaveLength(32);
    expect(body.snapshots[0]).toMatchObject({ seq: 0, kind: 'improvement', at: { iteration: 0, timestamp: null, stored: null } });
    expect(body.snapshots[31]).toMatchObject({ seq: 31, kind: 'final', at: { iteration: 1164, timestamp: 1740242660, stored: null } });
    expect(body.snapshots[31].islands[7]).toEqual({
      island: 7, size: null, bestScore: 1110010.0099940917, bestProgram: 'island7-917', temperature: null, clusters: null, featureCells: null,
    });
    expect(body.counters).toEqual([{ seq: 0, at: { iteration: 1164, timestamp: 1740242660, stored: null }, values: { iterations: 10082, execution_failed: 3384, total_stored_programs: 6698 } }]);
    expect(body.events).toEqual([]);
    expect(Object.keys(body.missing).sort()).toEqual(['clusters', 'costs', 'featureMaps', 'islands', 'migrations', 'resets', 'tokens']);
    const snap = await snapshot(runId, 31);
    expect(snap.status).toBe(200);
    expect(snap.body.islands[7].counters).toEqual({ successCount: 582, failureCount: 389, improvements: 7 });
    const best = await pool().query(`SELECT id FROM programs WHERE run_id = $1 AND external_id = 'island7-917'`, [runId]);
    expect(snap.body.programIds['island7-917']).toBe(best.rows[0].id);
    expect((await snapshot(runId, 32)).status).toBe(404);

    // A re-import is an independent run with its own copy of the state.
    const again = await storeImportedRun(imported);
    runIds.push(again.runId);
    const counts = await pool().query(
      `SELECT run_id::text, count(*)::int AS n FROM search_snapshots WHERE run_id = ANY($1::uuid[]) GROUP BY run_id ORDER BY 1`,
      [[runId, again.runId]],
    );
    expect(counts.rows.map((r) => r.n)).toEqual([32, 32]);
    await pool().query('DELETE FROM runs WHERE id = $1', [again.runId]);
    expect((await pool().query('SELECT count(*)::int AS n FROM search_snapshots WHERE run_id = $1', [again.runId])).rows[0].n).toBe(0);
    expect((await state(runId)).body.snapshots).toHaveLength(32);
  });

  it('the QOS run: islands per checkpoint, migrations and feature maps', async () => {
    // Numbers checked in lib/importers/openevolveState.test.ts against a python3 pass.
    const { runId } = await storeImportedRun(await readOpenEvolveRun(path.join(RUNS, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits')));
    runIds.push(runId);
    const { body } = await state(runId);
    expect(body.config).toEqual({ num_islands: 4 });
    expect(body.snapshots.map((s: { at: { iteration: number } }) => s.at.iteration)).toEqual(Array.from({ length: 20 }, (_, i) => 10 * (i + 1)));
    const last = body.snapshots[19];
    expect(last.islands.map((i: { size: number }) => i.size)).toEqual([9, 3, 3, 9]);
    expect(last.islands.map((i: { featureCells: number }) => i.featureCells)).toEqual([2, 2, 1, 2]);
    // Migrations ordered by moment (timestamp): the two copies of 98108acb, then daf342f8.
    expect(body.events.map((e: { seq: number; island: number; otherIsland: number; program: string }) => [e.seq, e.otherIsland, e.island, e.program.slice(0, 8)])).toEqual([
      [0, 0, 1, '901f2ff2'], [1, 0, 3, '3e2ec1f4'], [2, 1, 2, 'daf342f8'],
    ]);
    const snap = await snapshot(runId, 19);
    expect(snap.body.islands[0].featureMap).toEqual({ '11-11': '68e90dc6-da45-4527-97d6-93bacab6cd0c', '9-3': '672ef646-13f0-44bd-a5ed-4f1e11acaf23' });
    expect(snap.body.islands[0].programs).toHaveLength(9);
    expect(snap.body.extra.last_migration_generation).toBe(90);
    expect(Object.keys(snap.body.programIds).length).toBeGreaterThanOrEqual(24);
  });

  it('answers 404 for an unknown run and 400 for a bad seq', async () => {
    expect((await state('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await snapshot(runIds[0], 'x')).status).toBe(400);
  });

  it('stores scores_per_test and output_hash of programs', async () => {
    const { runId } = await storeImportedRun({
      run: { name: 'spt', framework: 'custom' }, warnings: [], stats: {},
      programs: [{ externalId: 'a', code: 'x', valid: true, score: 1, metrics: {}, scoresPerTest: { t1: 1, t2: 0.5 }, outputHash: 'h1' }],
    });
    runIds.push(runId);
    const { rows } = await pool().query('SELECT scores_per_test, output_hash FROM programs WHERE run_id = $1', [runId]);
    expect(rows).toEqual([{ scores_per_test: { t1: 1, t2: 0.5 }, output_hash: 'h1' }]);
  });
});

describe('a failed import', () => {
  it('leaves neither the runs nor their state when the state write fails half-way', async () => {
    // A real PostgreSQL fault: a trigger refusing one marked counter sample, written after the
    // first run and its snapshots are already in the transaction.
    const marker = 987_654_321;
    await pool().query(`CREATE OR REPLACE FUNCTION evoscope_test_refuse_counter() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF (NEW."values"->>'iterations')::bigint = ${marker} THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`);
    await pool().query(`CREATE TRIGGER evoscope_test_refuse_counter BEFORE INSERT ON search_counters FOR EACH ROW EXECUTE FUNCTION evoscope_test_refuse_counter()`);
    const run = (name: string, iterations: number): ImportedRun => ({
      run: { name, framework: 'custom' }, warnings: [], stats: {},
      programs: [{ externalId: 'a', code: `# ${name}`, valid: true, score: 1, metrics: {} }],
      searchState: {
        config: { num_islands: 1 },
        snapshots: [{ at: { iteration: 0 }, islands: [{ island: 0, size: 1, bestScore: 1, bestProgram: 'a' }] }],
        counters: [{ at: { iteration: 0 }, values: { iterations } }],
      },
    });
    const name = `failed-state-${crypto.randomUUID().slice(0, 8)}`;
    try {
      await expect(storeImportedRuns([run(`${name}-1`, 1), run(`${name}-2`, marker)])).rejects.toThrow(/refused by test/);
    } finally {
      await pool().query('DROP TRIGGER evoscope_test_refuse_counter ON search_counters');
      await pool().query('DROP FUNCTION evoscope_test_refuse_counter()');
    }
    const left = await pool().query(
      `SELECT (SELECT count(*) FROM runs WHERE name LIKE $1)::int AS runs,
              (SELECT count(*) FROM search_snapshots s LEFT JOIN runs r ON r.id = s.run_id WHERE r.id IS NULL)::int AS orphans`,
      [`${name}%`],
    );
    expect(left.rows[0]).toEqual({ runs: 0, orphans: 0 });
  });

  it('refuses a state the contract rejects before writing anything', async () => {
    const name = `bad-state-${crypto.randomUUID().slice(0, 8)}`;
    await expect(
      storeImportedRun({
        run: { name, framework: 'custom' }, warnings: [], stats: {},
        programs: [{ externalId: 'a', code: 'x', valid: true, score: 1, metrics: {} }],
        searchState: { counters: [{ at: { stored: 3_000_000_000 }, values: {} }] },
      }),
    ).rejects.toThrow(/searchState\.counters\.0\.at\.stored: must be at most 2147483647/);
    expect((await pool().query('SELECT count(*)::int AS n FROM runs WHERE name = $1', [name])).rows[0].n).toBe(0);
  });
});
