// Stored edit judgements (table edit_judgements): which judges labelled a run, the labelled edits
// the statistics take, the judgements of one program, and pages of a label's edits. Written by
// the judging batches (lib/services/judging/runJudgeBatch.ts).
import { canonicalLabels, EDIT_LABELS, type EditLabel } from '../contracts/editLabels';
import { scoreScale } from '../analysis/taxonomy/stats';
import type { LabelledEdit } from '../contracts/taxonomyTypes';
import { OFFLINE_JUDGE_KEY } from '../contracts/taxonomyTypes';
import type { JudgeInfo, JudgeKind, ProgramJudgements, ProgramLabels } from '../contracts/api/taxonomySchemas';
import { pool } from './client';
import { batchOf, BATCH_COLUMNS } from './judgeBatches';
import { loadRunEditSet, type RunEditSet } from './runEditSet';

export const kindOfJudge = (judge: string): JudgeKind => (judge.startsWith('llm:') ? 'llm' : 'offline');

/** The model of an LLM judge key 'llm:<model>@<rubric>'. */
const modelOfJudge = (judge: string) => (judge.startsWith('llm:') ? judge.slice(4, judge.lastIndexOf('@') > 4 ? judge.lastIndexOf('@') : undefined) : null);

export interface LabelledRun {
  edits: LabelledEdit[];
  scoreScale: number;
  higherIsBetter: boolean;
  /** Edits of the run the judge marked not judged (left out of `edits`). */
  notJudged: number;
  /** Every edit of the run, judged or not. */
  editCount: number;
}

/** Rows of one judge on the run: child id -> status and labels. */
async function judgeRows(runId: string, judge: string) {
  const { rows } = await pool().query<{ child_id: string; status: string; labels: string[] }>(
    'SELECT child_id, status, labels FROM edit_judgements WHERE run_id = $1 AND judge = $2',
    [runId, judge],
  );
  return new Map(rows.map((r) => [r.child_id, r]));
}

/** The run's edits labelled by `judge` (what taxonomyStats takes), from an edit set already loaded. */
export async function labelledEditsOf(runId: string, judge: string, set: RunEditSet): Promise<LabelledRun> {
  const rows = await judgeRows(runId, judge);
  const edits: LabelledEdit[] = [];
  let notJudged = 0;
  for (const e of set.edits) {
    const r = rows.get(e.childId);
    if (!r) continue;
    if (r.status !== 'judged') {
      notJudged++;
      continue;
    }
    edits.push({ ...e, labels: canonicalLabels(r.labels) });
  }
  return { edits, scoreScale: scoreScale(set.scores), higherIsBetter: set.higherIsBetter, notJudged, editCount: set.edits.length };
}

/** Null when the run does not exist. */
export async function loadLabelledEdits(runId: string, judge: string): Promise<LabelledRun | null> {
  const set = await loadRunEditSet(runId);
  return set && labelledEditsOf(runId, judge, set);
}

/**
 * The judges that labelled the run or have a batch on it (the offline judge always listed first,
 * with what is pending), with counts, latest batch and spend. `editCount`: the run's edits, when
 * already known.
 */
export async function listJudges(runId: string, editCount?: number): Promise<JudgeInfo[]> {
  editCount ??= (await loadRunEditSet(runId))?.edits.length ?? 0;
  const [counts, batches] = await Promise.all([
    pool().query<{ judge: string; judged: number; not_judged: number }>(
      `SELECT judge, count(*) FILTER (WHERE status = 'judged')::int AS judged, count(*) FILTER (WHERE status <> 'judged')::int AS not_judged
       FROM edit_judgements WHERE run_id = $1 GROUP BY judge`,
      [runId],
    ),
    pool().query<Parameters<typeof batchOf>[0]>(`SELECT ${BATCH_COLUMNS} FROM judge_batches WHERE run_id = $1 ORDER BY created_at DESC, id`, [runId]),
  ]);
  const judges = new Map<string, JudgeInfo>();
  const info = (judge: string) => {
    let j = judges.get(judge);
    if (!j) {
      j = {
        judge, kind: kindOfJudge(judge), model: modelOfJudge(judge), judged: 0, notJudged: 0, pending: 0, latestBatch: null,
        usage: { promptTokens: 0, completionTokens: 0, costUsd: 0 },
      };
      judges.set(judge, j);
    }
    return j;
  };
  info(OFFLINE_JUDGE_KEY);
  for (const c of counts.rows) Object.assign(info(c.judge), { judged: c.judged, notJudged: c.not_judged });
  for (const row of batches.rows) {
    const j = info(row.judge);
    const b = batchOf(row);
    j.latestBatch ??= b;
    if (b.model) j.model = b.model;
    j.usage.promptTokens += b.promptTokens;
    j.usage.completionTokens += b.completionTokens;
    j.usage.costUsd += b.costUsd;
  }
  for (const j of judges.values()) j.pending = Math.max(0, editCount - j.judged - j.notJudged);
  return [...judges.values()].sort((a, b) => +(b.judge === OFFLINE_JUDGE_KEY) - +(a.judge === OFFLINE_JUDGE_KEY) || a.judge.localeCompare(b.judge));
}

/** Child id -> labels of one judge's judged edits (for agreement). */
export async function labelMap(runId: string, judge: string): Promise<Map<string, readonly string[]>> {
  const rows = await judgeRows(runId, judge);
  const out = new Map<string, readonly string[]>();
  for (const [id, r] of rows) if (r.status === 'judged') out.set(id, r.labels);
  return out;
}

/** Lineage colouring: per judged child, its labels as a bitmask over EDIT_LABELS. */
export async function programLabelMasks(runId: string, judge: string): Promise<ProgramLabels> {
  const rows = await judgeRows(runId, judge);
  const bit = new Map<string, number>(EDIT_LABELS.map((l, i) => [l, 1 << i]));
  const programIds: string[] = [];
  const masks: number[] = [];
  for (const [id, r] of rows) {
    if (r.status !== 'judged') continue;
    programIds.push(id);
    masks.push(r.labels.reduce((m, l) => m | (bit.get(l) ?? 0), 0));
  }
  return { judge, labels: [...EDIT_LABELS], programIds, masks };
}

/** Every judge's word on the edit parent -> `programId` (offline judge first). Null: no such program. */
export async function programJudgements(runId: string, programId: string): Promise<ProgramJudgements | null> {
  const exists = await pool().query('SELECT 1 FROM programs WHERE id = $1 AND run_id = $2', [programId, runId]);
  if (!exists.rowCount) return null;
  const { rows } = await pool().query<{
    judge: string; status: 'judged' | 'not-judged'; labels: string[]; rationale: string; evidence: Record<string, { added: number[]; removed: number[] }>;
    reason: string | null; parent_id: string | null; diff_hash: string; created_at: Date;
  }>(
    `SELECT judge, status, labels, rationale, evidence, reason, parent_id, diff_hash, created_at FROM edit_judgements
     WHERE run_id = $1 AND child_id = $2 ORDER BY (judge = $3) DESC, judge`,
    [runId, programId, OFFLINE_JUDGE_KEY],
  );
  return {
    runId,
    programId,
    judgements: rows.map((r) => ({
      judge: r.judge, kind: kindOfJudge(r.judge), status: r.status, labels: canonicalLabels(r.labels), rationale: r.rationale,
      evidence: Object.fromEntries(Object.entries(r.evidence ?? {}).filter(([l]) => (EDIT_LABELS as readonly string[]).includes(l))) as Partial<Record<EditLabel, { added: number[]; removed: number[] }>>,
      reason: r.reason, parentId: r.parent_id, diffHash: r.diff_hash, createdAt: r.created_at.toISOString(),
    })),
  };
}
