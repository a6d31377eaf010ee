// A run's stored judgements of one judge, and the source ids of its programs: what
// `evoscope judge <runId>` prints after its judging batch.
import { pool } from './client';

export interface StoredJudgement {
  status: 'judged' | 'not-judged';
  labels: string[];
  rationale: string;
  reason: string | null;
}

/** Child (database id) -> its judgement by `judge`. */
export async function loadRunJudgements(runId: string, judge: string): Promise<Map<string, StoredJudgement>> {
  const { rows } = await pool().query<{ child_id: string } & StoredJudgement>(
    `SELECT child_id, status, labels, rationale, reason FROM edit_judgements WHERE run_id = $1 AND judge = $2`,
    [runId, judge],
  );
  return new Map(rows.map((r) => [r.child_id, { status: r.status, labels: r.labels, rationale: r.rationale, reason: r.reason }]));
}

/** Program database id -> the source's id. */
export async function programExternalIds(runId: string): Promise<Map<string, string>> {
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  return new Map(rows.map((r) => [r.id, r.external_id]));
}
