// A run's programs as one hash (runs.programs_digest): sha256 over its programs' "external id TAB
// code sha256" lines, sorted by external id in byte order (COLLATE "C") and joined by newlines.
// Two runs with the same digest hold the same programs, whatever they were named or imported
// from: that is how an import knows it repeats a stored run (duplicateRuns.ts).
//
// Computed by PostgreSQL from the rows just written, inside the import's transaction, rather
// than from the records as they stream past: one definition, the same one the migration that
// added the column used to fill it for runs stored before (20261129090000_runs_programs_digest).
// A run without programs has no digest (nothing to compare); a live run gets none until it ends
// (its programs still change).
import type pg from 'pg';

const DIGEST_OF_RUN = `encode(sha256(convert_to(string_agg(p.external_id || E'\\t' || p.code_sha, E'\\n' ORDER BY p.external_id COLLATE "C"), 'UTF8')), 'hex')`;

/** Computes and stores the digest of each run; returns them (null: no programs). */
export async function storeProgramsDigests(client: pg.PoolClient, runIds: string[]): Promise<Map<string, string | null>> {
  if (!runIds.length) return new Map();
  const { rows } = await client.query<{ id: string; digest: string | null }>(
    `UPDATE runs r SET programs_digest = (SELECT ${DIGEST_OF_RUN} FROM programs p WHERE p.run_id = r.id)
     WHERE r.id = ANY($1::uuid[]) RETURNING r.id::text, r.programs_digest AS digest`,
    [runIds],
  );
  return new Map(rows.map((r) => [r.id, r.digest]));
}
