// Helpers for re-evaluation tests: a small live run whose programs print their score, and an
// evaluator row for it.
import crypto from 'node:crypto';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';

/** Python programs whose recorded score is `scores[i]`; program i prints its score. */
export async function scoredRun(name: string, scores: number[], opts: { language?: string } = {}) {
  const runId = await createLiveRun({ name, framework: 'custom', scoreMetric: 'combined_score', language: opts.language ?? 'python' });
  await appendPrograms(
    runId,
    scores.map((score, i) => ({
      externalId: `p${i}`,
      code: `# program ${i}\nSCORE = ${score}\n`,
      iteration: i,
      valid: true,
      score,
      metrics: { combined_score: score, size: i },
      parents: i ? [{ externalId: `p${i - 1}` }] : [],
    })),
  );
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
  return { runId, programIds: rows.map((r) => r.id) };
}

/**
 * An evaluators row for the run (what lib/db/evaluators.ts attachEvaluator stores), for tests
 * that inject the evaluation itself; files are not stored.
 */
export async function evaluatorRow(runId: string, opts: { privateFiles?: boolean } = {}) {
  const id = crypto.randomUUID();
  const { rows } = await pool().query<{ version: number }>(
    `INSERT INTO evaluators (id, run_id, version, contract, entry, program_file, files, private_files, timeout_seconds, origin)
     VALUES ($1, $2, (SELECT coalesce(max(version), 0) + 1 FROM evaluators WHERE run_id = $2), 'openevolve', 'evaluator.py',
             'program.py', '{}', $3::jsonb, 10, 'cli')
     RETURNING version`,
    [id, runId, opts.privateFiles ? JSON.stringify({ 'private/seeds.txt': 'x' }) : null],
  );
  return { id, version: rows[0].version };
}
