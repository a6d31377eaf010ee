// A running search streams its database state (issue 12): POST /api/ingest/runs/[runId]/search-state
// with the JSONL search-state lines, read back through GET /api/runs/[runId]/search-state. A late
// snapshot of an earlier iteration takes its place by moment; a finished run takes no more.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as postPrograms } from '../../app/api/ingest/runs/[runId]/programs/route';
import { POST as postState } from '../../app/api/ingest/runs/[runId]/search-state/route';
import { GET as getState } from '../../app/api/runs/[runId]/search-state/route';
import { GET as getSnapshot } from '../../app/api/runs/[runId]/search-state/snapshots/[seq]/route';
import { createLiveRun, finishLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { ingestToken } from '../../lib/db/settings';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
let token: string;
beforeAll(async () => {
  token = await ingestToken();
});

async function post(handler: typeof postState, runId: string, what: string, body: unknown) {
  const req = new NextRequest(`http://${host}/api/ingest/runs/${runId}/${what}`, {
    method: 'POST', headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve({ runId }) });
  return { status: res.status, body: await res.json() };
}
async function get(runId: string) {
  const res = await getState(new NextRequest(`http://${host}/api/runs/${runId}/search-state`, { headers: { host } }), { params: Promise.resolve({ runId }) });
  return res.json();
}

const island = (i: number, size: number, best: number) => ({ island: i, size, bestScore: best, bestProgram: `p${i}` });

describe('live search state', () => {
  it('streams config, snapshots, events and counters, ordered by moment', async () => {
    const runId = await createLiveRun({ name: 'live state', framework: 'custom', scoreMetric: 'score' });
    runIds.push(runId);
    const progs = await post(postPrograms as typeof postState, runId, 'programs', {
      programs: [
        { id: 'p0', code: 'a', iteration: 0, score: 0.5, island: 0, scores_per_test: { t1: 0.5, t2: 0.5 }, output_hash: 'h-a' },
        { id: 'p1', code: 'bé€', iteration: 1, score: 0.5, island: 1, scores_per_test: { t1: 0.5, t2: 0.5 }, output_hash: 'h-a' },
      ],
    });
    expect(progs.status, JSON.stringify(progs.body)).toBe(200);
    const { rows } = await pool().query('SELECT external_id, scores_per_test, output_hash FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
    expect(rows).toEqual([
      { external_id: 'p0', scores_per_test: { t1: 0.5, t2: 0.5 }, output_hash: 'h-a' },
      { external_id: 'p1', scores_per_test: { t1: 0.5, t2: 0.5 }, output_hash: 'h-a' },
    ]);

    const first = await post(postState, runId, 'search-state', {
      records: [
        { database_config: { num_islands: 2, cluster_sampling_temperature_init: 0.1, cluster_sampling_temperature_period: 30000 } },
        { database_snapshot: { at: { iteration: 10, stored: 2 }, kind: 'live', islands: [
          { ...island(0, 1, 0.5), temperature: 0.1, clusters: [{ scoresPerTest: { t1: 0.5, t2: 0.5 }, score: 0.5, programs: ['p0'] }] },
          island(1, 1, 0.5),
        ] } },
        { database_counters: { at: { iteration: 10 }, values: { iterations: 10, total_stored_programs: 2, execution_failed: 8, cumulative_cost: 0.02 } } },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.stored).toEqual({ snapshots: 1, events: 0, counters: 1 });

    // A later request: a late snapshot of iteration 5, a reset, counters at 20, one more setting.
    const second = await post(postState, runId, 'search-state', {
      records: [
        { database_counters: { at: { iteration: 20 }, values: { iterations: 20, total_stored_programs: 3, execution_failed: 17, cumulative_cost: 0.05 } } },
        { database_snapshot: { at: { iteration: 5 }, islands: [island(0, 1, 0.5)] } },
        { database_event: { kind: 'reset', at: { iteration: 15 }, island: 1, donorIsland: 0, program: 'p0' } },
        { database_config: { functions_per_prompt: 2 } },
        { database_missing: { tokens: 'the sampler does not report tokens' } },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const state = await get(runId);
    expect(state.config).toEqual({ num_islands: 2, cluster_sampling_temperature_init: 0.1, cluster_sampling_temperature_period: 30000, functions_per_prompt: 2 });
    expect(state.missing).toEqual({ tokens: 'the sampler does not report tokens' });
    expect(state.snapshots.map((s: { seq: number; at: { iteration: number } }) => [s.seq, s.at.iteration])).toEqual([[0, 5], [1, 10]]);
    expect(state.snapshots[1].islands[0]).toMatchObject({ island: 0, size: 1, temperature: 0.1, clusters: 1 });
    expect(state.counters.map((c: { seq: number; values: { cumulative_cost: number } }) => [c.seq, c.values.cumulative_cost])).toEqual([[0, 0.02], [1, 0.05]]);
    expect(state.events).toEqual([{ seq: 0, kind: 'reset', at: { iteration: 15, timestamp: null, stored: null }, island: 1, otherIsland: 0, program: 'p0', source: null }]);

    const snap = await getSnapshot(new NextRequest(`http://${host}/api/runs/${runId}/search-state/snapshots/1`, { headers: { host } }), {
      params: Promise.resolve({ runId, seq: '1' }),
    });
    const body = await snap.json();
    expect(body.islands[0].clusters).toEqual([{ scoresPerTest: { t1: 0.5, t2: 0.5 }, score: 0.5, programs: ['p0'] }]);
    expect(Object.keys(body.programIds).sort()).toEqual(['p0', 'p1']);
    // Lengths in characters (code points), not bytes: the within-cluster preference's input.
    expect(body.programLengths).toEqual({ p0: 1, p1: 3 });

    // A bad record is refused whole, naming it; after finish nothing more is taken.
    const bad = await post(postState, runId, 'search-state', { records: [{ database_counters: { at: {}, values: {} } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/records\[0\]: database_counters\.at: a moment needs an iteration, a timestamp or a stored count/);
    const unknown = await post(postState, runId, 'search-state', { records: [{ id: 'p2', code: 'x' }] });
    expect(unknown.status).toBe(400);
    expect((await get(runId)).counters).toHaveLength(2);
    await finishLiveRun(runId);
    const late = await post(postState, runId, 'search-state', { records: [{ database_counters: { at: { iteration: 30 }, values: { iterations: 30 } } }] });
    expect(late.status).toBe(409);
  });

  it('needs the ingest token', async () => {
    const runId = await createLiveRun({ name: 'live state auth', framework: 'custom' });
    runIds.push(runId);
    const req = new NextRequest(`http://${host}/api/ingest/runs/${runId}/search-state`, {
      method: 'POST', headers: { host, 'content-type': 'application/json' }, body: JSON.stringify({ records: [{ database_config: { num_islands: 1 } }] }),
    });
    expect((await postState(req, { params: Promise.resolve({ runId }) })).status).toBe(401);
  });
});
