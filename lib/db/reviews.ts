// Review sessions (blind labelling, issue 10): creating one from a sample, listing, progress, a
// reviewer's item and labels. Blindness is kept here: `reviewItem` reads sources, language and the
// asking reviewer's own labels only, never scores, judgements or another reviewer's labels.
import type { ReviewerProgress, ReviewSessionInfo } from '../review/sessionTypes';
import { canonicalLabels } from '../contracts/editLabels';
import { sampleEdits, type SamplingMode } from '../review/sample';
import { pool } from './client';
import { reviewCandidates } from './reviewCandidates';

export interface NewReviewSession {
  name: string;
  createdBy: string | null;
  runIds: string[];
  sampling: SamplingMode;
  size: number;
  judge: string | null;
  seed: number;
  reviewers: string[];
}

/** Creates the session with its sampled items and assignments; null when nothing could be sampled. */
export async function createReviewSession(s: NewReviewSession): Promise<{ id: string; items: number } | null> {
  const candidates = (await Promise.all(s.runIds.map((r) => reviewCandidates(r, s.judge)))).flat();
  const sample = sampleEdits(candidates, { mode: s.sampling, size: s.size, seed: s.seed });
  if (!sample.length) return null;
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO review_sessions (id, name, created_by, run_ids, sampling, size, judge, seed)
       VALUES (gen_random_uuid(), $1, $2, $3::uuid[], $4, $5, $6, $7) RETURNING id`,
      [s.name, s.createdBy, s.runIds, s.sampling, s.size, s.judge, s.seed],
    );
    const id = rows[0].id;
    await client.query(
      `INSERT INTO review_items (id, session_id, run_id, child_id, parent_id, position)
       SELECT gen_random_uuid(), $1, r, c, p, o - 1 FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) WITH ORDINALITY AS t(r, c, p, o)`,
      [id, sample.map((e) => e.runId), sample.map((e) => e.childId), sample.map((e) => e.parentId)],
    );
    // Reviewers keep the order they were given in (a millisecond apart): the agreement page's
    // pairs and the progress list follow it.
    await client.query(
      `INSERT INTO review_assignments (session_id, reviewer, assigned_at)
       SELECT $1, r, now() + (o - 1) * interval '1 millisecond' FROM unnest($2::text[]) WITH ORDINALITY AS t(r, o) ON CONFLICT DO NOTHING`,
      [id, s.reviewers],
    );
    await client.query('COMMIT');
    return { id, items: sample.length };
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
}

const SESSION_SELECT = `SELECT s.id, s.name, s.created_by, s.run_ids, s.sampling, s.size, s.judge, s.seed, s.created_at,
  (SELECT count(*)::int FROM review_items i WHERE i.session_id = s.id) AS items
  FROM review_sessions s`;

type SessionRow = {
  id: string; name: string; created_by: string | null; run_ids: string[]; sampling: SamplingMode; size: number;
  judge: string | null; seed: number; created_at: Date; items: number;
};

async function describe(rows: SessionRow[]): Promise<ReviewSessionInfo[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [runs, progress] = await Promise.all([
    pool().query<{ id: string; name: string }>('SELECT id, name FROM runs WHERE id = ANY($1::uuid[])', [rows.flatMap((r) => r.run_ids)]),
    pool().query<{ session_id: string; reviewer: string; name: string | null; labelled: number; skipped: number }>(
      `SELECT a.session_id, a.reviewer, u.name,
         count(l.item_id) FILTER (WHERE NOT l.skipped)::int AS labelled, count(l.item_id) FILTER (WHERE l.skipped)::int AS skipped
       FROM review_assignments a
       LEFT JOIN users u ON u.id = a.reviewer
       LEFT JOIN review_items i ON i.session_id = a.session_id
       LEFT JOIN review_labels l ON l.item_id = i.id AND l.reviewer = a.reviewer
       WHERE a.session_id = ANY($1::uuid[]) GROUP BY a.session_id, a.reviewer, u.name, a.assigned_at ORDER BY a.assigned_at, a.reviewer`,
      [ids],
    ),
  ]);
  const runName = new Map(runs.rows.map((r) => [r.id, r.name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdBy: r.created_by,
    runs: r.run_ids.map((id) => ({ id, name: runName.get(id) ?? '(deleted run)' })),
    sampling: r.sampling,
    size: r.size,
    judge: r.judge,
    seed: r.seed,
    createdAt: r.created_at.toISOString(),
    items: r.items,
    reviewers: progress.rows
      .filter((p) => p.session_id === r.id)
      .map((p) => ({ reviewer: p.reviewer, name: p.name ?? p.reviewer, labelled: p.labelled, skipped: p.skipped })),
  }));
}

export async function listReviewSessions(runId?: string): Promise<ReviewSessionInfo[]> {
  const { rows } = runId
    ? await pool().query<SessionRow>(`${SESSION_SELECT} WHERE $1::uuid = ANY(s.run_ids) ORDER BY s.created_at DESC`, [runId])
    : await pool().query<SessionRow>(`${SESSION_SELECT} ORDER BY s.created_at DESC`);
  return describe(rows);
}

export async function getReviewSession(id: string): Promise<ReviewSessionInfo | null> {
  const { rows } = await pool().query<SessionRow>(`${SESSION_SELECT} WHERE s.id = $1`, [id]);
  return (await describe(rows))[0] ?? null;
}

export async function isAssigned(sessionId: string, reviewer: string): Promise<boolean> {
  const { rowCount } = await pool().query('SELECT 1 FROM review_assignments WHERE session_id = $1 AND reviewer = $2', [sessionId, reviewer]);
  return (rowCount ?? 0) > 0;
}

/** Position of the reviewer's first item with nothing saved (labels or skip); null when all are done. */
export async function nextUnlabelled(sessionId: string, reviewer: string): Promise<number | null> {
  const { rows } = await pool().query<{ position: number }>(
    `SELECT i.position FROM review_items i
     WHERE i.session_id = $1 AND NOT EXISTS (SELECT 1 FROM review_labels l WHERE l.item_id = i.id AND l.reviewer = $2)
     ORDER BY i.position LIMIT 1`,
    [sessionId, reviewer],
  );
  return rows[0]?.position ?? null;
}

/** What a reviewer sees of one item: the two sources, the language, their own labels. Nothing else. */
export interface BlindItem {
  position: number;
  total: number;
  language: string | null;
  original: string;
  modified: string;
  mine: { labels: string[]; note: string; skipped: boolean } | null;
}

export async function reviewItem(sessionId: string, position: number, reviewer: string): Promise<BlindItem | null> {
  const { rows } = await pool().query<{
    total: number; language: string | null; original: string; modified: string; labels: string[] | null; note: string | null; skipped: boolean | null;
  }>(
    `SELECT (SELECT count(*)::int FROM review_items WHERE session_id = $1) AS total,
       coalesce(c.language, r.language) AS language, pb.content AS original, cb.content AS modified, l.labels, l.note, l.skipped
     FROM review_items i
     JOIN runs r ON r.id = i.run_id
     JOIN programs c ON c.id = i.child_id JOIN blobs cb ON cb.sha256 = c.code_sha
     JOIN programs p ON p.id = i.parent_id JOIN blobs pb ON pb.sha256 = p.code_sha
     LEFT JOIN review_labels l ON l.item_id = i.id AND l.reviewer = $3
     WHERE i.session_id = $1 AND i.position = $2`,
    [sessionId, position, reviewer],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    position,
    total: r.total,
    language: r.language,
    original: r.original,
    modified: r.modified,
    mine: r.labels === null ? null : { labels: canonicalLabels(r.labels), note: r.note ?? '', skipped: r.skipped ?? false },
  };
}

export interface LabelInput {
  labels: string[];
  note: string;
  skipped: boolean;
}

/** Saves (or replaces) the reviewer's word on the item at `position`; false when there is no such item. */
export async function saveReviewLabel(sessionId: string, position: number, reviewer: string, input: LabelInput): Promise<boolean> {
  const { rowCount } = await pool().query(
    `INSERT INTO review_labels (item_id, reviewer, labels, note, skipped, saved_at)
     SELECT id, $3, $4::text[], $5, $6, now() FROM review_items WHERE session_id = $1 AND position = $2
     ON CONFLICT (item_id, reviewer) DO UPDATE SET labels = EXCLUDED.labels, note = EXCLUDED.note, skipped = EXCLUDED.skipped, saved_at = now()`,
    [sessionId, position, reviewer, input.skipped ? [] : canonicalLabels(input.labels), input.note, input.skipped],
  );
  return (rowCount ?? 0) > 0;
}

/** Adds reviewers to a session (already assigned ones are kept); returns how many were new. */
export async function assignReviewers(sessionId: string, reviewers: string[]): Promise<number> {
  const { rowCount } = await pool().query(
    'INSERT INTO review_assignments (session_id, reviewer) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
    [sessionId, reviewers],
  );
  return rowCount ?? 0;
}

/** Deletes the session with its items, assignments and labels; false when there was none. */
export async function deleteReviewSession(sessionId: string): Promise<boolean> {
  const { rowCount } = await pool().query('DELETE FROM review_sessions WHERE id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}

/** Of the given user ids, those that are no enabled user. */
export async function unknownUsers(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::text[]) AND NOT disabled', [ids]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((u) => !known.has(u));
}

/** Of the given run ids, those with no run. */
export async function missingRuns(ids: string[]): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM runs WHERE id = ANY($1::uuid[])', [ids]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
