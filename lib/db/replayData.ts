// What a replay reads besides its program (issue 11): the program's stored prompt, its parent,
// the run's programs closest to the parent's score (alternate_context) and the parent's
// first-parent lineage (deletion_history).
import { pool } from './client';

export interface StoredContext {
  kind: string | null;
  system: string | null;
  user: string;
  response: string | null;
}

/** The program's first stored context that has a user prompt (texts resolved), or null. */
export async function loadStoredContext(programId: string): Promise<StoredContext | null> {
  const { rows } = await pool().query<{ kind: string | null; system: string | null; user: string; response: string | null }>(
    `SELECT c.kind, s.content AS system, u.content AS "user", r.content AS response
     FROM contexts c JOIN blobs u ON u.sha256 = c.user_sha
     LEFT JOIN blobs s ON s.sha256 = c.system_sha LEFT JOIN blobs r ON r.sha256 = c.response_sha
     WHERE c.program_id = $1 ORDER BY c.id LIMIT 1`,
    [programId],
  );
  return rows[0] ?? null;
}

export interface SourceRow {
  id: string;
  externalId: string;
  score: number | null;
  source: string;
}

export async function loadSource(programId: string): Promise<SourceRow | null> {
  const { rows } = await pool().query<{ id: string; external_id: string; score: number | null; content: string }>(
    'SELECT p.id, p.external_id, p.score, b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.id = $1',
    [programId],
  );
  const r = rows[0];
  return r ? { id: r.id, externalId: r.external_id, score: r.score, source: r.content } : null;
}

/** The run's valid programs with a score closest to `score`, the given ids left out (ties: earliest first). */
export async function closestByScore(runId: string, score: number, exclude: readonly string[], limit: number): Promise<SourceRow[]> {
  const { rows } = await pool().query<{ id: string; external_id: string; score: number; content: string }>(
    `SELECT p.id, p.external_id, p.score, b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
     WHERE p.run_id = $1 AND p.valid AND p.score IS NOT NULL AND NOT (p.id = ANY($3::uuid[]))
     ORDER BY abs(p.score - $2), p.seq LIMIT $4`,
    [runId, score, exclude, limit],
  );
  return rows.map((r) => ({ id: r.id, externalId: r.external_id, score: r.score, source: r.content }));
}

/** Sources from the oldest first-parent ancestor (at most `depth` generations up) to `programId` itself. */
export async function firstParentChain(programId: string, depth = 60): Promise<string[]> {
  const { rows } = await pool().query<{ content: string }>(
    `WITH RECURSIVE chain(id, d) AS (
       SELECT $1::uuid, 0
       UNION ALL
       SELECT e.parent_id, chain.d + 1 FROM chain
       JOIN LATERAL (SELECT parent_id FROM edges WHERE child_id = chain.id AND parent_id IS NOT NULL ORDER BY ordinal LIMIT 1) e ON true
       WHERE chain.d < $2
     )
     SELECT b.content FROM chain JOIN programs p ON p.id = chain.id JOIN blobs b ON b.sha256 = p.code_sha ORDER BY chain.d DESC`,
    [programId, depth],
  );
  return rows.map((r) => r.content);
}
