// Duplicates of a run (issue 24, item 2): an import whose programs are those of a stored run
// (same programs digest, programsDigest.ts). The user-facing imports (the browser upload, the CLI
// `import`) ask the writer to refuse one unless told to store it anyway: it throws
// DuplicateRunError inside the import's transaction, which rolls back, so the database is left
// as it was and the error names the stored runs. Other writers (demo data, tests) store as before.
import type pg from 'pg';
import type { DuplicateRun } from '../contracts/api/imports';
import { duplicateMessage } from '../contracts/runOrigin';
import { pool } from './client';
import { IMPORT_JOB_JOIN, originOfRow, RUN_SOURCE_COLUMNS, type RunSourceRow } from './runSource';

/** What the writer does with runs whose programs are already stored ('store': as any other). */
export type DuplicatePolicy = 'refuse' | 'store';

// Advisory lock (class, hashtext(digest)) from the duplicate check to the commit, so that two
// imports of the same data at once cannot both find nothing and both store.
const DIGEST_LOCK_CLASS = 727_102;

export class DuplicateRunError extends Error {
  constructor(readonly existing: DuplicateRun[]) {
    super(duplicateMessage(existing));
    this.name = 'DuplicateRunError';
  }
}

type Row = RunSourceRow & { id: string; name: string; imported_at: Date; program_count: number };
const SELECT = `SELECT r.id::text, r.name, r.imported_at, r.program_count, ${RUN_SOURCE_COLUMNS} FROM runs r ${IMPORT_JOB_JOIN}`;
const toDuplicate = (r: Row): DuplicateRun => ({
  id: r.id, name: r.name, importedAt: r.imported_at.toISOString(), programs: r.program_count, origin: originOfRow(r),
});

/**
 * Inside an import's transaction, once its runs' digests are stored: throws DuplicateRunError
 * naming the other runs (oldest first) with the digest of any of `digests` (run id -> digest).
 */
export async function refuseDuplicates(client: pg.PoolClient, digests: Map<string, string | null>): Promise<void> {
  const wanted = [...new Set([...digests.values()].filter((d): d is string => d !== null))].sort();
  if (!wanted.length) return;
  // In one order, so two imports sharing several digests cannot wait on each other.
  for (const d of wanted) await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [DIGEST_LOCK_CLASS, d]);
  // Its own snapshot, taken after the locks: it sees an import of the same data that committed while we waited.
  const { rows } = await client.query<Row>(
    `${SELECT} WHERE r.programs_digest = ANY($1::text[]) AND NOT (r.id = ANY($2::uuid[])) ORDER BY r.imported_at, r.id`,
    [wanted, [...digests.keys()]],
  );
  if (rows.length) throw new DuplicateRunError(rows.map(toDuplicate));
}

/** The runs among `ids` still stored, as an import that repeated them names them. */
export async function duplicateRunsByIds(ids: string[]): Promise<DuplicateRun[]> {
  if (!ids.length) return [];
  const { rows } = await pool().query<Row>(`${SELECT} WHERE r.id = ANY($1::uuid[]) ORDER BY r.imported_at, r.id`, [ids]);
  return rows.map(toDuplicate);
}
