// Pages of one judge's judgements on a run (GET /api/runs/[runId]/judgements): a label's edits
// with their score change and rationale, sorted by the child's order or by the score change.
import { canonicalLabels, type EditLabel } from '../contracts/editLabels';
import { scoreScale } from '../analysis/taxonomy/stats';
import type { JudgementsPage } from '../contracts/api/taxonomySchemas';
import { pool, prisma } from './client';

export interface JudgementsPageQuery {
  judge: string;
  label?: EditLabel;
  sort: 'seq' | 'scoreChange' | '-scoreChange';
  limit: number;
  /** Opaque cursor from a previous page. */
  cursor?: string;
}

export class BadCursorError extends Error {}

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // falls through
  }
  throw new BadCursorError('cursor is not one returned by this API (use nextCursor as given)');
}

/** Null when the run does not exist. */
export async function judgementsPage(runId: string, q: JudgementsPageQuery): Promise<JudgementsPage | null> {
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { higherIsBetter: true } });
  if (!run) return null;
  const offset = decodeCursor(q.cursor);
  const scores = await pool().query<{ score: number }>('SELECT score FROM programs WHERE run_id = $1 AND valid AND score IS NOT NULL', [runId]);
  const scale = scoreScale(scores.rows.map((r) => r.score));
  const dir = run.higherIsBetter ? 1 : -1;
  // Scores count only when valid and finite (programs.score is finite or null).
  const delta = `(CASE WHEN c.valid THEN c.score END - CASE WHEN p.valid THEN p.score END) * ${dir}`;
  const order = q.sort === 'seq' ? 'c.seq' : `${delta} ${q.sort === 'scoreChange' ? 'ASC' : 'DESC'} NULLS LAST, c.seq`;
  const where = `j.run_id = $1 AND j.judge = $2 AND ($3::text IS NULL OR $3 = ANY(j.labels))`;
  const [page, total] = await Promise.all([
    pool().query<{
      child_id: string; child_ext: string; parent_id: string | null; parent_ext: string | null; iteration: number | null;
      parent_score: number | null; child_score: number | null; status: 'judged' | 'not-judged'; labels: string[]; rationale: string; reason: string | null;
    }>(
      `SELECT j.child_id, c.external_id AS child_ext, j.parent_id, p.external_id AS parent_ext, c.iteration,
              CASE WHEN p.valid THEN p.score END AS parent_score, CASE WHEN c.valid THEN c.score END AS child_score,
              j.status, j.labels, j.rationale, j.reason
       FROM edit_judgements j JOIN programs c ON c.id = j.child_id LEFT JOIN programs p ON p.id = j.parent_id
       WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
      [runId, q.judge, q.label ?? null, q.limit + 1, offset],
    ),
    pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM edit_judgements j JOIN programs c ON c.id = j.child_id WHERE ${where}`,
      [runId, q.judge, q.label ?? null],
    ),
  ]);
  const rows = page.rows.slice(0, q.limit);
  return {
    judge: q.judge,
    label: q.label ?? null,
    total: total.rows[0].n,
    scoreScale: scale,
    items: rows.map((r) => ({
      childId: r.child_id, childExternalId: r.child_ext, parentId: r.parent_id, parentExternalId: r.parent_ext, iteration: r.iteration,
      parentScore: r.parent_score, childScore: r.child_score,
      scoreChange: r.parent_score === null || r.child_score === null ? null : ((r.child_score - r.parent_score) * dir) / scale,
      status: r.status, labels: canonicalLabels(r.labels), rationale: r.rationale, reason: r.reason,
    })),
    nextCursor: page.rows.length > q.limit ? encodeCursor(offset + q.limit) : null,
  };
}
