// The labels of a review session as data, for the agreement page and the gold JSONL export and
// import: per reviewer and per judge, item id -> labels (skipped items left out). Only these
// readers put human and judge labels side by side; the reviewing screen never calls them.
import { canonicalLabels } from '../contracts/editLabels';
import { editDiff } from '../analysis/taxonomy/diff';
import type { GoldLine, ParsedGold } from '../review/gold';
import { pool } from './client';

export interface SessionItem {
  id: string;
  position: number;
  runId: string;
  childId: string;
  parentId: string;
}

export async function sessionItems(sessionId: string): Promise<SessionItem[]> {
  const { rows } = await pool().query<{ id: string; position: number; run_id: string; child_id: string; parent_id: string }>(
    'SELECT id, position, run_id, child_id, parent_id FROM review_items WHERE session_id = $1 ORDER BY position',
    [sessionId],
  );
  return rows.map((r) => ({ id: r.id, position: r.position, runId: r.run_id, childId: r.child_id, parentId: r.parent_id }));
}

/** Reviewer -> (item id -> labels) over the items the reviewer labelled (not skipped). */
export async function reviewerLabelMaps(sessionId: string): Promise<Map<string, Map<string, readonly string[]>>> {
  const { rows } = await pool().query<{ reviewer: string; item_id: string; labels: string[] }>(
    `SELECT l.reviewer, l.item_id, l.labels FROM review_labels l JOIN review_items i ON i.id = l.item_id
     WHERE i.session_id = $1 AND NOT l.skipped ORDER BY l.reviewer, i.position`,
    [sessionId],
  );
  const out = new Map<string, Map<string, readonly string[]>>();
  for (const r of rows) {
    if (!out.has(r.reviewer)) out.set(r.reviewer, new Map());
    out.get(r.reviewer)!.set(r.item_id, canonicalLabels(r.labels));
  }
  return out;
}

/** Item id -> the judge's labels, over the session's items it judged. */
export async function judgeLabelMap(sessionId: string, judge: string): Promise<Map<string, readonly string[]>> {
  const { rows } = await pool().query<{ item_id: string; labels: string[] }>(
    `SELECT i.id AS item_id, j.labels FROM review_items i
     JOIN edit_judgements j ON j.run_id = i.run_id AND j.child_id = i.child_id AND j.judge = $2 AND j.status = 'judged'
     WHERE i.session_id = $1`,
    [sessionId, judge],
  );
  return new Map(rows.map((r) => [r.item_id, canonicalLabels(r.labels)]));
}

/** The judges that labelled at least one of the session's items, most items first. */
export async function sessionJudges(sessionId: string): Promise<string[]> {
  const { rows } = await pool().query<{ judge: string }>(
    `SELECT j.judge FROM review_items i JOIN edit_judgements j ON j.run_id = i.run_id AND j.child_id = i.child_id AND j.status = 'judged'
     WHERE i.session_id = $1 GROUP BY j.judge ORDER BY count(*) DESC, j.judge`,
    [sessionId],
  );
  return rows.map((r) => r.judge);
}

/** The reviewer's labelling in EvoReplay's gold shape, in reviewing order (items not reached left out). */
export async function exportGold(sessionId: string, reviewer: string): Promise<GoldLine[]> {
  const { rows } = await pool().query<{
    run_id: string; child_id: string; parent_id: string; labels: string[]; note: string; skipped: boolean; original: string; modified: string;
  }>(
    `SELECT i.run_id, i.child_id, i.parent_id, l.labels, l.note, l.skipped, pb.content AS original, cb.content AS modified
     FROM review_items i JOIN review_labels l ON l.item_id = i.id AND l.reviewer = $2
     JOIN programs c ON c.id = i.child_id JOIN blobs cb ON cb.sha256 = c.code_sha
     JOIN programs p ON p.id = i.parent_id JOIN blobs pb ON pb.sha256 = p.code_sha
     WHERE i.session_id = $1 ORDER BY i.position`,
    [sessionId, reviewer],
  );
  return rows.map((r) => ({
    run: r.run_id,
    child_id: r.child_id,
    parent_id: r.parent_id,
    labels: canonicalLabels(r.labels),
    note: r.note,
    diff: editDiff(r.original, r.modified).text,
    ...(r.skipped ? { skipped: true } : {}),
  }));
}

/**
 * Stores a parsed gold file as the reviewer's labelling of the session, matching lines to items
 * by run + child id. Lines naming an edit outside the session are errors (by line number), and
 * then nothing is stored. Returns the errors, or the number of items written.
 */
export async function importGold(sessionId: string, reviewer: string, lines: readonly ParsedGold[]): Promise<{ errors: string[] } | { imported: number }> {
  const items = await sessionItems(sessionId);
  const byKey = new Map(items.map((i) => [`${i.runId}/${i.childId}`, i]));
  const errors = lines.filter((l) => !byKey.has(`${l.run}/${l.childId}`)).map((l) => `line ${l.line}: edit ${l.childId} of run ${l.run} is not in this session`);
  if (errors.length) return { errors };
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO review_assignments (session_id, reviewer) VALUES ($1, $2) ON CONFLICT DO NOTHING', [sessionId, reviewer]);
    for (const l of lines) {
      await client.query(
        `INSERT INTO review_labels (item_id, reviewer, labels, note, skipped, saved_at) VALUES ($1, $2, $3::text[], $4, $5, now())
         ON CONFLICT (item_id, reviewer) DO UPDATE SET labels = EXCLUDED.labels, note = EXCLUDED.note, skipped = EXCLUDED.skipped, saved_at = now()`,
        [byKey.get(`${l.run}/${l.childId}`)!.id, reviewer, l.skipped ? [] : l.labels, l.note, l.skipped],
      );
    }
    await client.query('COMMIT');
    return { imported: lines.length };
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
}
