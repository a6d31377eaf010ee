// The runs list shows counts kept on the run row (issue 14, item 3: never recomputed per request).
// They must stay equal to what the programs table says after an import, after live appends, and
// the run must leave the list when deleted.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { expect, it } from 'vitest';
import { GET } from '../../app/api/runs/route';
import type { RunSummary } from '../../lib/contracts/api/runs';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { deleteRun } from '../../lib/db/runEdit';
import type { ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const fw = `counts-${crypto.randomUUID().slice(0, 8)}`;
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

async function listed(): Promise<RunSummary[]> {
  const res = await GET(new NextRequest(`http://${host}/api/runs?framework=${fw}&limit=500`, { headers: { host } }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { runs: RunSummary[] }).runs;
}

/** The same figures, counted from the programs themselves. */
async function counted(runId: string) {
  const { rows } = await pool().query<{ n: number; invalid: number; unevaluated: number; best: number | null; last: number | null }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT valid AND evaluated)::int AS invalid,
            count(*) FILTER (WHERE NOT evaluated)::int AS unevaluated,
            max(score) FILTER (WHERE valid) AS best, max(iteration) AS last
     FROM programs WHERE run_id = $1`,
    [runId],
  );
  return rows[0];
}

const expectListedAsCounted = async (runId: string) => {
  const row = (await listed()).find((r) => r.id === runId)!;
  const c = await counted(runId);
  expect({ n: row.programCount, invalid: row.invalidCount, unevaluated: row.unevaluatedCount, best: row.bestScore, last: row.lastIteration }).toEqual(c);
  return row;
};

const prog = (i: number, kind: 'valid' | 'invalid' | 'unevaluated'): ProgramRecord => ({
  externalId: `p${i}`,
  code: `x = ${i}\n`,
  iteration: i,
  valid: kind === 'valid',
  evaluated: kind !== 'unevaluated',
  score: kind === 'valid' ? i : null,
  metrics: kind === 'valid' ? { score: i } : kind === 'invalid' ? { error: 1 } : {},
  parents: i ? [{ externalId: `p${i - 1}` }] : [],
});
const kinds = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => prog(from + k, (from + k) % 7 === 3 ? 'invalid' : (from + k) % 11 === 5 ? 'unevaluated' : 'valid'));

it('keeps the listed counts equal to the stored programs through import, appends and deletion', async () => {
  const imported = await storeImportedRun({ run: { name: `${fw} imported`, framework: fw, scoreMetric: 'score' }, warnings: [], stats: {}, programs: kinds(0, 40) });
  runIds.push(imported.runId);
  const row = await expectListedAsCounted(imported.runId);
  expect(row.programCount).toBe(40);
  expect(row.invalidCount).toBeGreaterThan(0);
  expect(row.unevaluatedCount).toBeGreaterThan(0);

  const live = await createLiveRun({ name: `${fw} live`, framework: fw, scoreMetric: 'score' });
  runIds.push(live);
  expect((await listed()).find((r) => r.id === live)!.programCount).toBe(0);
  await appendPrograms(live, kinds(0, 25));
  await expectListedAsCounted(live);
  await appendPrograms(live, kinds(25, 30));
  const grown = await expectListedAsCounted(live);
  expect(grown.programCount).toBe(55);
  expect(grown.lastIteration).toBe(54);

  expect(await deleteRun(imported.runId)).toMatchObject({ programs: 40 });
  const after = await listed();
  expect(after.map((r) => r.id)).toEqual([live]);
});
