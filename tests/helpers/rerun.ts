// Helpers for re-evaluation tests: a small live run whose programs print their score, and an
// evaluator row for it.
import crypto from 'node:crypto';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { attachEvaluator } from '../../lib/db/evaluators';

/**
 * Python programs whose recorded score is `scores[i]`: program i holds `SCORE = scores[i]` (and
 * `DELAY = opts.delay`, seconds its evaluation sleeps).
 */
export async function scoredRun(name: string, scores: number[], opts: { language?: string; delay?: number } = {}) {
  const runId = await createLiveRun({ name, framework: 'custom', scoreMetric: 'combined_score', language: opts.language ?? 'python' });
  await appendPrograms(
    runId,
    scores.map((score, i) => ({
      externalId: `p${i}`,
      code: `# program ${i}\nSCORE = ${score}\n${opts.delay ? `DELAY = ${opts.delay}\n` : ''}`,
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

/**
 * An OpenEvolve-style evaluator.py of our own: imports the candidate, sleeps its DELAY, and
 * scores SCORE minus the offset in offset.txt (0; the private test set overlays 1).
 */
export const SCORE_EVALUATOR = `import importlib.util, time

def evaluate(program_path):
    spec = importlib.util.spec_from_file_location("candidate", program_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    time.sleep(getattr(mod, "DELAY", 0))
    offset = float(open("offset.txt").read())
    print("evaluated", mod.SCORE, "with offset", offset)
    return {"combined_score": mod.SCORE - offset, "raw": mod.SCORE}
`;

/** Attaches SCORE_EVALUATOR (stored as attachEvaluator stores any), with a private set when asked. */
export function attachScoreEvaluator(runId: string, opts: { private?: boolean; timeoutSeconds?: number } = {}) {
  return attachEvaluator(pool(), runId, {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: 'program.py',
    files: { 'evaluator.py': Buffer.from(SCORE_EVALUATOR), 'offset.txt': Buffer.from('0') },
    privateFiles: opts.private ? { 'offset.txt': Buffer.from('1') } : null,
    timeoutSeconds: opts.timeoutSeconds ?? 60,
    memoryMb: 512,
    origin: 'cli',
  });
}
