// The edits a review session may sample from, per run: a child against its first listed parent
// that is in the run (the analyses' 'default' edit definition), both with code; the sign of the
// score change oriented by the run's direction; best-so-far by the one definition of
// lib/analysis/bestSoFar.ts; and the stratification judge's labels when it judged the edit.
// An edit whose child has the same source as its parent is left out: it gives a reviewer nothing
// to label.
import { bestSoFar } from '../analysis/bestSoFar';
import type { SampleCandidate } from '../review/sample';
import { pool } from './client';

export async function reviewCandidates(runId: string, judge: string | null): Promise<SampleCandidate[]> {
  const run = await pool().query<{ higher_is_better: boolean }>('SELECT higher_is_better FROM runs WHERE id = $1', [runId]);
  if (!run.rowCount) return [];
  const higherIsBetter = run.rows[0].higher_is_better;
  const [programs, edges, judged] = await Promise.all([
    pool().query<{ id: string; seq: number; iteration: number | null; valid: boolean; score: number | null; has_code: boolean; code_sha: string }>(
      `SELECT p.id, p.seq, p.iteration, p.valid, p.score, b.bytes > 0 AS has_code, p.code_sha
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY p.seq`,
      [runId],
    ),
    pool().query<{ child_id: string; parent_id: string }>(
      `SELECT DISTINCT ON (child_id) child_id, parent_id FROM edges
       WHERE run_id = $1 AND parent_id IS NOT NULL AND parent_id <> child_id ORDER BY child_id, ordinal`,
      [runId],
    ),
    judge
      ? pool().query<{ child_id: string; labels: string[] }>(
          `SELECT child_id, labels FROM edit_judgements WHERE run_id = $1 AND judge = $2 AND status = 'judged'`,
          [runId, judge],
        )
      : Promise.resolve({ rows: [] as { child_id: string; labels: string[] }[] }),
  ]);
  const byId = new Map(programs.rows.map((p) => [p.id, p]));
  const labels = new Map(judged.rows.map((r) => [r.child_id, r.labels]));
  let reached = 0;
  const best = bestSoFar(
    programs.rows.map((p) => ({
      seq: p.seq,
      iteration: p.iteration != null && p.iteration > reached ? (reached = p.iteration) : reached,
      value: p.score,
      valid: p.valid,
      programId: p.id,
      externalId: p.id,
    })),
    'score',
    higherIsBetter,
  );
  const bsf = new Set(best.points.map((p) => p.programId));
  const score = (p: { valid: boolean; score: number | null }) => (p.valid && p.score !== null && Number.isFinite(p.score) ? p.score : null);
  const out: SampleCandidate[] = [];
  for (const e of edges.rows) {
    const child = byId.get(e.child_id);
    const parent = byId.get(e.parent_id);
    if (!child || !parent || !child.has_code || !parent.has_code || child.code_sha === parent.code_sha) continue;
    const a = score(parent);
    const b = score(child);
    out.push({
      runId,
      childId: child.id,
      parentId: parent.id,
      labels: labels.get(child.id) ?? null,
      delta: a === null || b === null ? null : higherIsBetter ? b - a : a - b,
      bestSoFar: bsf.has(child.id),
    });
  }
  // Canonical order (by the child's seq), so that the seeded draw sees the same list every time.
  return out.sort((x, y) => byId.get(x.childId)!.seq - byId.get(y.childId)!.seq);
}
