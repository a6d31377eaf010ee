// Renaming, tagging and deleting a run (PATCH and DELETE /api/runs/[runId], `evoscope delete`).
import type { RunPatch, RunSummary } from '../contracts/api/runs';
import { pool, prisma } from './client';
import { BLOB_GC_LOCK, clean, inTransaction } from './rows';
import { SUMMARY_INCLUDE, toSummary } from './runs';
import { runSettingKeys } from './runSettings';

/** Renames and/or retags a run; null when there is no such run. */
export async function updateRun(runId: string, patch: RunPatch): Promise<RunSummary | null> {
  const { rows } = await pool().query<{ id: string }>(
    `UPDATE runs SET name = coalesce($2, name), tags = coalesce($3::text[], tags) WHERE id = $1 RETURNING id`,
    [runId, patch.name === undefined ? null : clean(patch.name), patch.tags === undefined ? null : patch.tags.map(clean)],
  );
  if (!rows.length) return null;
  // Renaming does not change the run's content: updated_at (which keys the cached graph and
  // the live pages) is left alone on purpose.
  const r = await prisma().run.findUniqueOrThrow({ where: { id: runId }, include: SUMMARY_INCLUDE });
  return toSummary(r);
}

export interface DeletedRun {
  runId: string;
  programs: number;
  /** Blobs (sources, prompts, replay files) no other run references, removed with the run. */
  blobsRemoved: number;
}

/**
 * Deletes a run and everything of it in ONE transaction: analyses, cached graph, edit judgements
 * and judging batches, evaluations,
 * contexts, edges, replay environment, programs, then the blobs no other run references.
 * Set-based: one statement per table on its run_id index, children before programs, so the
 * foreign-key cascades find nothing left to do (20k programs with prompts: about 4 s, most of
 * it the per-row foreign-key checks on programs and blobs). Null when there is no such run.
 *
 * Blobs are content-addressed and shared between runs, so a blob is removed only when no
 * program, context, replay environment, evaluator, experiment call, diagnosis or strategy of any run still names it. Writers of blobs take
 * BLOB_GC_LOCK shared (rows.ts writeBlobs); this takes it exclusive, so an import that is
 * about to reference an existing blob can never have it removed under its feet.
 */
export async function deleteRun(runId: string): Promise<DeletedRun | null> {
  return inTransaction(async (c) => {
    const run = await c.query<{ program_count: number }>('SELECT program_count FROM runs WHERE id = $1 FOR UPDATE', [runId]);
    if (!run.rows.length) return null;
    await c.query('SELECT pg_advisory_xact_lock($1)', [BLOB_GC_LOCK]);
    await c.query(
      `CREATE TEMP TABLE run_blobs ON COMMIT DROP AS
       SELECT DISTINCT sha FROM (
         SELECT code_sha AS sha FROM programs WHERE run_id = $1
         UNION ALL SELECT unnest(ARRAY[system_sha, user_sha, response_sha]) FROM contexts WHERE run_id = $1
         UNION ALL SELECT f.value FROM replay_environments r, jsonb_each_text(r.files) f
                   WHERE r.run_id = $1 AND jsonb_typeof(r.files) = 'object'
         UNION ALL SELECT regexp_replace(f.value, '^base64:', '') FROM evaluators e,
                   jsonb_each_text(e.files || coalesce(e.private_files, '{}'::jsonb)) f WHERE e.run_id = $1
         UNION ALL SELECT unnest(ARRAY[k.source_sha, k.request_sha, k.response_sha]) FROM experiment_calls k
                   JOIN experiments x ON x.id = k.experiment_id WHERE x.run_id = $1
         UNION ALL SELECT unnest(ARRAY[aux_script_sha, agent_candidate_sha]) FROM diagnoses WHERE run_id = $1
         UNION ALL SELECT code_sha FROM strategies WHERE run_id = $1) s
       WHERE sha IS NOT NULL`,
      [runId],
    );
    for (const table of ['experiments', 'analyses', 'graph_cache', 'edit_judgements', 'judge_batches', 'evaluations', 'contexts', 'context_refs', 'strategies', 'edges', 'replay_environments', 'programs']) {
      await c.query(`DELETE FROM ${table} WHERE run_id = $1`, [runId]);
    }
    await c.query('DELETE FROM settings WHERE key = ANY($1)', [runSettingKeys(runId)]);
    await c.query('DELETE FROM runs WHERE id = $1', [runId]);
    await c.query('ANALYZE run_blobs');
    // Strike from the candidates every blob still referenced, one plain join per reference
    // column, then delete what is left. Chained NOT EXISTS anti-joins let the planner's row
    // estimates fall to 1 and pick nested loops over contexts (no index on the sha columns):
    // hours at 100k programs. Joins against the ANALYZEd candidate table stay hash joins.
    for (const still of [
      'programs r WHERE r.code_sha = d.sha',
      'contexts r WHERE r.system_sha = d.sha',
      'contexts r WHERE r.user_sha = d.sha',
      'contexts r WHERE r.response_sha = d.sha',
      "replay_environments r, jsonb_each_text(r.files) f WHERE jsonb_typeof(r.files) = 'object' AND f.value = d.sha",
      // Evaluator files (lib/db/evaluators.ts): binary ones are named 'base64:<sha>'.
      "evaluators r, jsonb_each_text(r.files || coalesce(r.private_files, '{}'::jsonb)) f WHERE regexp_replace(f.value, '^base64:', '') = d.sha",
      // Experiments' candidates and LLM exchanges (lib/db/experiments.ts); the run's own are gone
      // by now (its experiments go with it), other runs' keep theirs.
      'experiment_calls r WHERE r.source_sha = d.sha',
      'experiment_calls r WHERE r.request_sha = d.sha',
      'experiment_calls r WHERE r.response_sha = d.sha',
      // The eval agent's scripts and candidates (lib/db/diagnoses.ts); the run's own went with it.
      'diagnoses r WHERE r.aux_script_sha = d.sha',
      'diagnoses r WHERE r.agent_candidate_sha = d.sha',
      // EvoX strategies' code (lib/db/strategies.ts); the run's own went with it.
      'strategies r WHERE r.code_sha = d.sha',
    ]) {
      await c.query(`DELETE FROM run_blobs d USING ${still}`);
    }
    const removed = await c.query('DELETE FROM blobs b USING run_blobs d WHERE b.sha256 = d.sha');
    return { runId, programs: run.rows[0].program_count, blobsRemoved: removed.rowCount ?? 0 };
  });
}
