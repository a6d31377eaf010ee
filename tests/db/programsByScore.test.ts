// The programs table sorted by score, best first (GET .../programs?sort=-score): a page is read
// in the order of the (run_id, score DESC NULLS LAST, seq) index, without sorting the run
// (migration 20261125070000), and programs without a score come last.
import { expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { listPrograms } from '../../lib/db/programs';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

type Plan = { 'Node Type': string; 'Index Name'?: string; Plans?: Plan[] };
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

it('pages of programs by score, best first, come from the index without a sort', async () => {
  const runId = await createLiveRun({ name: `by score ${Date.now()}`, framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  const n = 3000;
  await appendPrograms(
    runId,
    Array.from({ length: n }, (_, i) => {
      const score = i % 10 === 0 ? null : (i * 7919) % 1000; // ties, and no score for one in ten
      return { externalId: `p${i}`, code: `x = ${i}\n`, iteration: i, valid: score !== null, score, metrics: score === null ? {} : { score } };
    }),
  );
  await pool().query('ANALYZE programs');

  const page = (await listPrograms(runId, { sort: '-score', offset: 0, limit: 50 }))!;
  const stored = await pool().query<{ seq: number }>(
    'SELECT seq FROM programs WHERE run_id = $1 ORDER BY score DESC NULLS LAST, seq LIMIT 50',
    [runId],
  );
  expect(page.programs.map((p) => p.seq)).toEqual(stored.rows.map((r) => r.seq));
  const last = (await listPrograms(runId, { sort: '-score', offset: n - 10, limit: 50 }))!;
  expect(last.programs.every((p) => p.score === null)).toBe(true);

  // The query lib/db/programs.ts has Prisma send, as PostgreSQL plans it.
  const client = await pool().connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      `EXPLAIN (FORMAT JSON) SELECT id, seq, score FROM programs WHERE run_id = $1 ORDER BY score DESC NULLS LAST, seq ASC LIMIT 50 OFFSET 0`,
      [runId],
    );
    const plan = nodes(rows[0]['QUERY PLAN'][0].Plan);
    expect(plan.some((p) => p['Index Name'] === 'programs_run_id_score_desc_seq_idx')).toBe(true);
    expect(plan.some((p) => p['Node Type'] === 'Sort' || p['Node Type'] === 'Incremental Sort')).toBe(false);
  } finally {
    client.release();
  }
});
