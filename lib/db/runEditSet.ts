// The edits of a stored run as the taxonomy sees them (lib/analysis/taxonomy/editSet.ts), read
// from the programs' metadata page by page: no source is loaded here, so a 100k-program run costs
// a few flat arrays. Sources are read per chunk by the judging loop (lib/services/judging/runJudgeBatch.ts).
import { editSet, type EditSetProgram, type EditSet } from '../analysis/taxonomy/editSet';
import { pool, prisma } from './client';

const PAGE = 20_000;

export interface RunEditSet extends EditSet {
  higherIsBetter: boolean;
}

/** Null when the run does not exist. */
export async function loadRunEditSet(runId: string): Promise<RunEditSet | null> {
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { higherIsBetter: true } });
  if (!run) return null;
  // Parents in one pass over the run's edges (a subquery per program costs twice as much at 10k).
  const edges = await pool().query<{ child_id: string; parent_id: string }>(
    'SELECT child_id, parent_id FROM edges WHERE run_id = $1 AND parent_id IS NOT NULL ORDER BY child_id, ordinal',
    [runId],
  );
  const parentsOf = new Map<string, string[]>();
  for (const e of edges.rows) {
    const list = parentsOf.get(e.child_id);
    if (list) list.push(e.parent_id);
    else parentsOf.set(e.child_id, [e.parent_id]);
  }
  const programs: EditSetProgram[] = [];
  for (let from = 0; ; ) {
    const { rows } = await pool().query<{ id: string; seq: number; iteration: number | null; valid: boolean; score: number | null; has_code: boolean }>(
      `SELECT p.id, p.seq, coalesce(p.raw_iteration, p.iteration) AS iteration, p.valid, p.score, b.bytes > 0 AS has_code
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
       WHERE p.run_id = $1 AND p.seq >= $2 ORDER BY p.seq LIMIT $3`,
      [runId, from, PAGE],
    );
    for (const r of rows) {
      programs.push({ id: r.id, seq: r.seq, iteration: r.iteration, valid: r.valid, score: r.score, parentIds: parentsOf.get(r.id) ?? [], hasCode: r.has_code });
    }
    if (rows.length < PAGE) break;
    from = rows[rows.length - 1].seq + 1;
  }
  return { ...editSet(programs, run.higherIsBetter), higherIsBetter: run.higherIsBetter };
}

/** Child ids the judge has a 'judged' row for in the run. */
export async function judgedChildIds(runId: string, judge: string): Promise<Set<string>> {
  const { rows } = await pool().query<{ child_id: string }>(
    `SELECT child_id FROM edit_judgements WHERE run_id = $1 AND judge = $2 AND status = 'judged'`,
    [runId, judge],
  );
  return new Set(rows.map((r) => r.child_id));
}
