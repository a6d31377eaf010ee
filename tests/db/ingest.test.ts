// Live ingestion (lib/db/appendPrograms.ts) on a real PostgreSQL: batches append in order,
// a parent that arrives after its child turns the child's ghost edge into a real one, and the
// run's headline figures follow every batch.
import { describe, expect, it } from 'vitest';
import { appendPrograms, AppendError, createLiveRun, finishLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import type { ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const prog = (id: string, iteration: number, score: number | null, parents: string[] = [], valid = true): ProgramRecord => ({
  externalId: id,
  code: `# ${id}\nx = ${iteration}\n`,
  iteration,
  valid,
  score,
  metrics: score === null ? {} : { score, other: 1 },
  parents: parents.map((externalId) => ({ externalId })),
});

const { runIds } = useTestDatabase();

async function run(runId: string) {
  const { rows } = await pool().query(
    `SELECT status, program_count, invalid_count, edge_count, best_score, metric_keys, last_iteration,
            (SELECT external_id FROM programs WHERE id = best_program_id) AS best
     FROM runs WHERE id = $1`,
    [runId],
  );
  return rows[0];
}

describe('live ingestion', () => {
  it('appends batches, resolves late parents and keeps the headline figures', async () => {
    const runId = await createLiveRun({ name: 'ingest test', framework: 'custom', scoreMetric: 'score' });
    runIds.push(runId);
    expect((await run(runId)).status).toBe('live');

    // Batch 1: the seed, and a child whose parent "p2" has not arrived yet.
    const r1 = await appendPrograms(runId, [prog('p0', 0, 0.1), prog('p3', 3, 0.5, ['p2'])]);
    expect(r1).toEqual({ stored: 2, programCount: 2, ghostParentsResolved: 0 });
    let ghost = await pool().query(`SELECT parent_id FROM edges WHERE run_id = $1 AND parent_external_id = 'p2'`, [runId]);
    expect(ghost.rows).toEqual([{ parent_id: null }]);

    // Batch 2: p2 arrives (and an invalid p4): the ghost edge gets its parent.
    const r2 = await appendPrograms(runId, [prog('p2', 2, 0.3, ['p0']), prog('p4', 4, null, ['p3'], false)]);
    expect(r2).toEqual({ stored: 2, programCount: 4, ghostParentsResolved: 1 });
    ghost = await pool().query(
      `SELECT p.external_id FROM edges e JOIN programs p ON p.id = e.parent_id WHERE e.run_id = $1 AND e.parent_external_id = 'p2'`,
      [runId],
    );
    expect(ghost.rows).toEqual([{ external_id: 'p2' }]);
    expect(await run(runId)).toMatchObject({
      program_count: 4,
      invalid_count: 1,
      edge_count: 3,
      best_score: 0.5,
      best: 'p3',
      metric_keys: ['other', 'score'],
      last_iteration: 4,
    });
    const seqs = await pool().query('SELECT external_id FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
    expect(seqs.rows.map((r) => r.external_id)).toEqual(['p0', 'p3', 'p2', 'p4']);
  });

  it('refuses duplicates and appends to finished runs, changing nothing', async () => {
    const runId = await createLiveRun({ name: 'ingest dup', framework: 'custom' });
    runIds.push(runId);
    await appendPrograms(runId, [prog('a', 0, 1)]);
    const dup = await appendPrograms(runId, [prog('b', 1, 2), prog('a', 2, 3)]).catch((e) => e);
    expect(dup).toBeInstanceOf(AppendError);
    expect(dup.status).toBe(409);
    expect(dup.message).toMatch(/already stored: a/);
    expect((await run(runId)).program_count).toBe(1);
    expect(await finishLiveRun(runId)).toBe(true);
    const late = await appendPrograms(runId, [prog('c', 3, 1)]).catch((e) => e);
    expect(late.status).toBe(409);
    expect((await run(runId)).status).toBe('ready');
  });
});
