// The breakthrough review board of a run (issue 10 item 4): its best-so-far edits (the same
// computation as the run page, lib/analysis/bestSoFar.ts, on the run's primary metric), each with
// its score jump, judge labels (edit_judgements), human labels (the blind review's review_labels,
// read only when that table exists), review status (edit_reviews) and comment count.
import { bestSoFar } from '../analysis/bestSoFar';
import type { Board, BoardEdit, ReviewStatus } from '../contracts/api/board';
import { resolveMetric } from '../contracts/api/points';
import { actorUser, type Actor } from '../contracts/permissions';
import { loadScoredPrograms } from './analyses';
import { audit } from './audit';
import { pool, prisma } from './client';

export async function getBoard(runId: string): Promise<Board | null> {
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { id: true, metricKeys: true, scoreMetric: true, higherIsBetter: true } });
  if (!run) return null;
  const picked = resolveMetric(run, undefined);
  if ('error' in picked) return { runId, metric: '', higherIsBetter: run.higherIsBetter, edits: [], judges: [], humanLabelsAvailable: false };
  const primary = picked.metric === run.scoreMetric;
  const curve = bestSoFar(await loadScoredPrograms(runId, picked.metric, primary), picked.metric, run.higherIsBetter);
  const ids = curve.points.map((p) => p.programId);
  const db = pool();
  const [parents, judged, reviews, counts, human] = await Promise.all([
    db.query<{ child_id: string; parent_id: string; external_id: string }>(
      `SELECT DISTINCT ON (e.child_id) e.child_id, e.parent_id, p.external_id
         FROM edges e JOIN programs p ON p.id = e.parent_id
        WHERE e.child_id = ANY($1::uuid[]) ORDER BY e.child_id, e.ordinal`,
      [ids],
    ),
    db.query<{ child_id: string; judge: string; status: string; labels: string[] }>(
      'SELECT child_id, judge, status, labels FROM edit_judgements WHERE run_id = $1 AND child_id = ANY($2::uuid[]) ORDER BY judge',
      [runId, ids],
    ),
    db.query<{ child_id: string; status: ReviewStatus; updated_at: Date; name: string | null; updated_by_kind: string }>(
      `SELECT r.child_id, r.status, r.updated_at, r.updated_by_kind, u.name
         FROM edit_reviews r LEFT JOIN users u ON u.id = r.updated_by_id WHERE r.run_id = $1`,
      [runId],
    ),
    db.query<{ program_id: string; n: number }>(
      `SELECT program_id, count(*)::int AS n FROM comments
        WHERE run_id = $1 AND target_kind = 'edit' AND deleted_at IS NULL GROUP BY program_id`,
      [runId],
    ),
    humanLabels(runId, ids),
  ]);
  const parentOf = new Map(parents.rows.map((r) => [r.child_id, r]));
  const reviewOf = new Map(reviews.rows.map((r) => [r.child_id, r]));
  const countOf = new Map(counts.rows.map((r) => [r.program_id, r.n]));
  const judges = [...new Set(judged.rows.map((r) => r.judge))];
  const edits: BoardEdit[] = curve.points.map((p, i) => {
    const parent = parentOf.get(p.programId);
    const review = reviewOf.get(p.programId);
    return {
      childId: p.programId,
      childExternalId: p.externalId,
      parentId: parent?.parent_id ?? null,
      parentExternalId: parent?.external_id ?? null,
      iteration: p.iteration,
      score: p.score,
      jump: i === 0 ? null : p.score - curve.points[i - 1].score,
      judgeLabels: judged.rows.filter((r) => r.child_id === p.programId).map((r) => ({ judge: r.judge, status: r.status, labels: r.labels })),
      humanLabels: human.rows.filter((r) => r.child_id === p.programId).map((r) => ({ reviewer: r.reviewer, labels: r.labels })),
      status: review?.status ?? 'unreviewed',
      statusBy: review ? (review.name ?? review.updated_by_kind) : null,
      statusAt: review ? review.updated_at.toISOString() : null,
      comments: countOf.get(p.programId) ?? 0,
    };
  });
  return { runId, metric: picked.metric, higherIsBetter: run.higherIsBetter, edits, judges, humanLabelsAvailable: human.available };
}

/**
 * Human labels from the blind review sessions (the "review" helper's review_labels /
 * review_items), newest per reviewer and edit; none when those tables do not exist (yet).
 */
async function humanLabels(runId: string, childIds: string[]) {
  const db = pool();
  const { rows } = await db.query<{ ok: boolean }>(`SELECT to_regclass('public.review_labels') IS NOT NULL AND to_regclass('public.review_items') IS NOT NULL AS ok`);
  if (!rows[0].ok) return { available: false, rows: [] as { child_id: string; reviewer: string; labels: string[] }[] };
  const found = await db.query<{ child_id: string; reviewer: string; labels: string[] }>(
    `SELECT DISTINCT ON (i.child_id, l.reviewer) i.child_id, coalesce(u.name, l.reviewer) AS reviewer, l.labels
       FROM review_labels l JOIN review_items i ON i.id = l.item_id LEFT JOIN users u ON u.id = l.reviewer
      WHERE i.run_id = $1 AND i.child_id = ANY($2::uuid[]) AND NOT l.skipped
      ORDER BY i.child_id, l.reviewer, l.saved_at DESC`,
    [runId, childIds],
  );
  return { available: true, rows: found.rows };
}

/**
 * Set the review status of a run's edit (by its child program) and audit it. Refuses (null) a
 * program that is not in the run. Returns the previous and new status.
 */
export async function setReviewStatus(actor: Actor, runId: string, childId: string, status: ReviewStatus) {
  const program = await prisma().program.findFirst({ where: { id: childId, runId }, select: { id: true, externalId: true } });
  if (!program) return null;
  const before = await prisma().editReview.findUnique({ where: { runId_childId: { runId, childId } } });
  const from: ReviewStatus = (before?.status as ReviewStatus | undefined) ?? 'unreviewed';
  const by = { status, updatedById: actorUser(actor)?.id ?? null, updatedByKind: actor.kind };
  await prisma().editReview.upsert({ where: { runId_childId: { runId, childId } }, create: { runId, childId, ...by }, update: by });
  if (from !== status) await audit(actor, 'review.status', { kind: 'edit', id: `${runId}/${childId}` }, { runId, childId, program: program.externalId, from, to: status });
  return { from, to: status };
}
