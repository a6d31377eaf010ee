// loadLabelledEdits (lib/db/judgements.ts): a stored run's edits with one judge's labels, as the
// statistics take them: valid scores only, progress, best-so-far updates and the final best's
// lineage (a dead branch is not on it), edits marked not judged counted apart, edits with no
// judgement left out; listJudges counts what is pending.
import { expect, it } from 'vitest';
import { OFFLINE_JUDGE_KEY } from '../../lib/contracts/taxonomyTypes';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { createJudgeBatch } from '../../lib/db/judgeBatches';
import { listJudges, loadLabelledEdits } from '../../lib/db/judgements';
import { runJudgeBatch } from '../../lib/services/judging/runJudgeBatch';
import { useTestDatabase } from '../helpers/dbTest';
import { fakeDeps, fakeOfflineJudge } from '../helpers/judging';

const { runIds } = useTestDatabase();

it('gives the statistics valid scores, progress, best-so-far and final-lineage flags, and counts not-judged edits apart', async () => {
  // p0 (1) -> p1 (3) -> p3 (5, the final best); p0 -> p2 (2) -> p4 (invalid): a dead branch. Lower
  // scores are worse. p5 (a child of p3) is never judged: left out.
  const runId = await createLiveRun({ name: `labelled ${crypto.randomUUID().slice(0, 8)}`, framework: 'custom', scoreMetric: 'combined_score', language: 'python' });
  runIds.push(runId);
  const prog = (i: number, parent: number | null, score: number | null) => ({
    externalId: `p${i}`, code: `x = ${i}\n`, iteration: i, valid: score !== null, score, metrics: score === null ? {} : { combined_score: score },
    parents: parent === null ? [] : [{ externalId: `p${parent}` }],
  });
  await appendPrograms(runId, [prog(0, null, 1), prog(1, 0, 3), prog(2, 0, 2), prog(3, 1, 5), prog(4, 2, null)]);
  const b = (await createJudgeBatch({ runId, kind: 'offline' }, null))!;
  let n = 0;
  // The fourth edit (p4) fails in the judge: stored as not judged.
  await runJudgeBatch(b.id, fakeDeps({ judgeOffline: (p, c) => { if (n++ === 3) throw new Error('boom'); return fakeOfflineJudge(p, c); } }));
  await appendPrograms(runId, [prog(5, 3, 4)]);
  const ids = new Map((await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId])).rows.map((r) => [r.id, r.external_id]));

  const l = (await loadLabelledEdits(runId, OFFLINE_JUDGE_KEY))!;
  expect(l).toMatchObject({ higherIsBetter: true, notJudged: 1, editCount: 5 });
  expect(l.scoreScale).toBe(4.8); // p95 of |1, 3, 2, 5, 4|: 4 + 0.8 * (5 - 4)
  expect(l.edits.map((e) => [ids.get(e.childId), ids.get(e.parentId), e.parentScore, e.childScore, e.progress, e.bestSoFar, e.finalLineage, e.labels])).toEqual([
    ['p1', 'p0', 1, 3, 0.2, true, true, ['local_refinement']],
    ['p2', 'p0', 1, 2, 0.4, false, false, ['local_refinement']],
    ['p3', 'p1', 3, 5, 0.6, true, true, ['local_refinement']],
  ]);
  const judges = await listJudges(runId);
  expect(judges.map((j) => [j.judge, j.judged, j.notJudged, j.pending])).toEqual([[OFFLINE_JUDGE_KEY, 3, 1, 1]]);
  expect(await loadLabelledEdits(crypto.randomUUID(), OFFLINE_JUDGE_KEY)).toBeNull();
});
