// A small run for the review-session tests: a seed and 12 edits in a chain, scores with
// recognisable digits (so a test can grep a JSON answer for them), and one judge's labels with a
// recognisable rationale. Returns the run id and the programs' ids by source id.
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import type { ProgramRecord } from '../../lib/trace/schema';

export const FIXTURE_JUDGE = 'offline@2';
export const SECRET_RATIONALE = 'JUDGE-RATIONALE-7731';
/** Score of program i: 0.9137 + i / 1000 * (up or down), digits no source contains. */
export const fixtureScore = (i: number) => Number((0.9137 + (i % 3 === 0 ? -1 : 1) * i * 0.00131).toFixed(6));
const JUDGE_LABELS: string[][] = [
  ['hyperparameter_tuning'], ['local_refinement'], ['bug_fix'], ['local_refinement', 'composition'], ['pruning'], ['refactor'],
  ['hyperparameter_tuning'], ['efficiency'], ['external_dependency'], ['architectural_change'], ['local_refinement'], ['bug_fix'],
];

export async function makeReviewRun(name = 'review fixture'): Promise<{ runId: string; ids: Map<string, string> }> {
  const runId = await createLiveRun({ name, framework: 'custom', scoreMetric: 'score', language: 'python' } as Parameters<typeof createLiveRun>[0]);
  const programs: ProgramRecord[] = Array.from({ length: 13 }, (_, i) => ({
    externalId: `g${i}`,
    code: Array.from({ length: i + 2 }, (_, k) => `x${k} = ${k * (i + 1)}`).join('\n') + '\n',
    iteration: i,
    valid: true,
    score: fixtureScore(i),
    metrics: { score: fixtureScore(i) },
    parents: i === 0 ? [] : [{ externalId: `g${i - 1}` }],
  })) as ProgramRecord[];
  await appendPrograms(runId, programs);
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  const ids = new Map(rows.map((r) => [r.external_id, r.id]));
  for (let i = 1; i <= 12; i++) {
    await pool().query(
      `INSERT INTO edit_judgements (id, run_id, child_id, parent_id, judge, labels, rationale, diff_hash) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, 'h')`,
      [runId, ids.get(`g${i}`), ids.get(`g${i - 1}`), FIXTURE_JUDGE, JUDGE_LABELS[i - 1], SECRET_RATIONALE],
    );
  }
  return { runId, ids };
}
