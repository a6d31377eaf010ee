// Live runs stay consistent while programs stream in (issue 7, item 3): the lineage graph is read
// from one snapshot, so a batch committed during the read never gives edges to missing nodes, and
// programs sent without an iteration get their position in the run, with the importer's warning.
import crypto from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { getRunGraphJson } from '../../lib/db/graph';
import type { ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

const prog = (id: string, iteration: number | undefined, parents: string[] = []): ProgramRecord => ({
  externalId: id,
  code: `x = "${id}"\n`,
  ...(iteration === undefined ? {} : { iteration }),
  valid: true,
  score: 1,
  metrics: { score: 1 },
  parents: parents.map((externalId) => ({ externalId })),
});

async function liveRun(name: string) {
  const runId = await createLiveRun({ name, framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  return runId;
}

it('reads nodes and edges of the lineage graph from one snapshot', async () => {
  const runId = await liveRun('graph snapshot test');
  await appendPrograms(runId, [prog('a', 0), prog('b', 1, ['a'])]);

  // A writer that holds the edges table while it appends program c (child of b) ...
  const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await writer.connect();
  try {
    await writer.query('BEGIN');
    await writer.query('LOCK TABLE edges IN ACCESS EXCLUSIVE MODE');
    const graph = getRunGraphJson(runId);
    // ... so the graph's read of the edges waits, while its read of the nodes can go ahead.
    for (;;) {
      const { rows } = await pool().query(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM edges e%'`,
      );
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const sha = crypto.createHash('sha256').update('x = "c"\n').digest('hex');
    await writer.query(`INSERT INTO blobs (sha256, content, bytes, lines) VALUES ($1, 'x = "c"\n', 8, 1) ON CONFLICT DO NOTHING`, [sha]);
    const c = crypto.randomUUID();
    await writer.query(`INSERT INTO programs (id, run_id, external_id, code_sha, seq, iteration) VALUES ($1, $2, 'c', $3, 2, 2)`, [c, runId, sha]);
    await writer.query(
      `INSERT INTO edges (run_id, parent_id, parent_external_id, child_id, ordinal)
       SELECT $1, id, 'b', $2, 0 FROM programs WHERE run_id = $1 AND external_id = 'b'`,
      [runId, c],
    );
    await writer.query('COMMIT');

    const g = JSON.parse((await graph)!) as { count: number; externalIds: string[]; edges: { childIndex: number[]; parentIndex: number[] } };
    // Every edge joins two nodes of the graph that was read.
    for (const i of [...g.edges.childIndex, ...g.edges.parentIndex]) expect(i).toBeLessThan(g.count);
    expect({ ids: g.externalIds, edges: g.edges.childIndex.length }).toEqual({ ids: ['a', 'b'], edges: 1 });
    // Read again, the graph has the new program and its edge.
    const after = JSON.parse((await getRunGraphJson(runId))!) as typeof g;
    expect({ ids: after.externalIds, children: after.edges.childIndex }).toEqual({ ids: ['a', 'b', 'c'], children: [1, 2] });
  } finally {
    await writer.end();
  }
});

it('gives programs sent without an iteration their position in the run, with a warning', async () => {
  const runId = await liveRun('ingest iteration test');
  await appendPrograms(runId, [prog('x', undefined), prog('y', 5, ['x']), prog('z', undefined, ['y'])]);
  await appendPrograms(runId, [prog('w', undefined, ['z'])]);
  const { rows } = await pool().query(
    'SELECT external_id, iteration, raw_iteration FROM programs WHERE run_id = $1 ORDER BY external_id',
    [runId],
  );
  expect(rows).toEqual([
    { external_id: 'w', iteration: 3, raw_iteration: 3 },
    { external_id: 'x', iteration: 0, raw_iteration: 0 },
    { external_id: 'y', iteration: 5, raw_iteration: 5 },
    { external_id: 'z', iteration: 2, raw_iteration: 2 },
  ]);
  const report = await pool().query('SELECT import_report -> \'warnings\' AS w FROM runs WHERE id = $1', [runId]);
  expect(report.rows[0].w).toEqual([
    { code: 'iteration-from-position', message: '3 records have no iteration: their 0-based position among the records is used', count: 3 },
  ]);
});
