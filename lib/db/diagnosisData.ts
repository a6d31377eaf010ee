// What the diagnosis job (lib/services/experiments/diagnose.ts) and its request (API, CLI) read: the
// target (best-gen targeting: the best program after the previous diagnosis's trigger up to the
// trigger generation, never simply the latest), the per-generation score history, the previous
// diagnosis's aux metric history, the change log's rows (edit types from the stored judgements,
// an LLM judge's preferred over the offline one; cycling from the stored cycling marks) and a
// program's stored test results. A program's "generation" is its place on the run's axis
// (lib/db/runAxis.ts: the source's generation when it orders time, else the iteration), the one
// the plateaus, the imported triggers and diagnoses.trigger_generation use.
import type { ChangeLogProgram } from '../diagnosis/changeLog';
import type { AuxHistoryRow, ScoreHistoryRow } from '../diagnosis/prompt';
import { ANALYSIS, cyclingParams, REPORT_VERSION } from '../analysis/reportTypes';
import { pool } from './client';
import { runAxisExpr } from './runAxis';

export interface DiagnosisTarget {
  triggerGeneration: number;
  /** The previous diagnosis's trigger generation (the window starts after it), or null. */
  fromGeneration: number | null;
  previous: { id: string; triggerGeneration: number; reportMd: string } | null;
  /** The best program of the window (or, when the window has none scored, the best up to the trigger). */
  programId: string;
}

/** Null when the run has no scored program up to the trigger generation. */
export async function diagnosisTarget(runId: string, atGeneration?: number): Promise<DiagnosisTarget | null> {
  const GEN = await runAxisExpr(runId);
  const run = await pool().query<{ higher_is_better: boolean; last: number | null }>(
    `SELECT r.higher_is_better, (SELECT max(${GEN}) FROM programs p WHERE p.run_id = r.id) AS last FROM runs r WHERE r.id = $1`,
    [runId],
  );
  const r = run.rows[0];
  if (!r || r.last === null) return null;
  const at = atGeneration ?? r.last;
  const prev = await pool().query<{ id: string; trigger_generation: number; report_md: string }>(
    `SELECT id, trigger_generation, report_md FROM diagnoses WHERE run_id = $1 AND trigger_generation < $2
     ORDER BY trigger_generation DESC, created_at DESC LIMIT 1`,
    [runId, at],
  );
  const previous = prev.rows[0] ? { id: prev.rows[0].id, triggerGeneration: prev.rows[0].trigger_generation, reportMd: prev.rows[0].report_md } : null;
  const order = r.higher_is_better ? 'DESC' : 'ASC';
  const best = async (from: number | null) =>
    (
      await pool().query<{ id: string }>(
        `SELECT p.id FROM programs p WHERE p.run_id = $1 AND p.valid AND p.score IS NOT NULL AND ${GEN} <= $2 AND ($3::int IS NULL OR ${GEN} > $3)
         ORDER BY p.score ${order}, p.seq LIMIT 1`,
        [runId, at, from],
      )
    ).rows[0]?.id ?? null;
  const programId = (previous && (await best(previous.triggerGeneration))) || (await best(null));
  return programId ? { triggerGeneration: at, fromGeneration: previous?.triggerGeneration ?? null, previous, programId } : null;
}

/** The program's generation on the diagnoses axis. */
export async function programGeneration(programId: string): Promise<number | null> {
  const run = await pool().query<{ run_id: string }>('SELECT run_id FROM programs WHERE id = $1', [programId]);
  if (!run.rows[0]) return null;
  const GEN = await runAxisExpr(run.rows[0].run_id);
  const { rows } = await pool().query<{ gen: number }>(`SELECT ${GEN} AS gen FROM programs p WHERE p.id = $1`, [programId]);
  return rows[0]?.gen ?? null;
}

/** Per generation up to `at`: programs, best score, best so far. */
export async function scoreHistory(runId: string, at: number, higherIsBetter: boolean): Promise<ScoreHistoryRow[]> {
  const GEN = await runAxisExpr(runId);
  const { rows } = await pool().query<{ gen: number; n: number; hi: number | null; lo: number | null }>(
    `SELECT ${GEN} AS gen, count(*)::int AS n, max(p.score) FILTER (WHERE p.valid) AS hi, min(p.score) FILTER (WHERE p.valid) AS lo
     FROM programs p WHERE p.run_id = $1 AND ${GEN} <= $2 GROUP BY 1 ORDER BY 1`,
    [runId, at],
  );
  let bestSoFar: number | null = null;
  return rows.map((row) => {
    const best = higherIsBetter ? row.hi : row.lo;
    if (best !== null && (bestSoFar === null || (higherIsBetter ? best > bestSoFar : best < bestSoFar))) bestSoFar = best;
    return { generation: row.gen, programs: row.n, best, bestSoFar };
  });
}

/** Per generation: the aux values of its best program that has them (the previous diagnosis's script). */
export async function auxHistory(diagnosisId: string, at: number, higherIsBetter: boolean): Promise<AuxHistoryRow[]> {
  const run = await pool().query<{ run_id: string }>('SELECT run_id FROM diagnoses WHERE id = $1', [diagnosisId]);
  if (!run.rows[0]) return [];
  const GEN = await runAxisExpr(run.rows[0].run_id);
  const { rows } = await pool().query<{ gen: number; values: Record<string, number> }>(
    `SELECT DISTINCT ON (${GEN}) ${GEN} AS gen, a."values"
     FROM aux_metric_values a JOIN programs p ON p.id = a.program_id
     WHERE a.diagnosis_id = $1 AND a.status = 'ok' AND a."values" IS NOT NULL AND ${GEN} <= $2
     ORDER BY ${GEN}, p.score ${higherIsBetter ? 'DESC' : 'ASC'} NULLS LAST, p.seq`,
    [diagnosisId, at],
  );
  return rows.map((r) => ({ generation: r.gen, values: r.values }));
}

/** The programs of the window (after `from`, up to `at`; the latest `limit`), with what the change log says of each. */
export async function changeLogPrograms(runId: string, from: number | null, at: number, limit = 500): Promise<{ programs: ChangeLogProgram[]; total: number }> {
  const GEN = await runAxisExpr(runId);
  const { rows } = await pool().query<{
    id: string; external_id: string; gen: number; score: number | null; parent_score: number | null; labels: string[] | null;
    rationale: string | null; summary: string | null; total: number;
  }>(
    `SELECT p.id, p.external_id, ${GEN} AS gen, p.score, pp.score AS parent_score, j.labels, j.rationale,
            coalesce(p.metadata ->> 'patch_name', p.metadata ->> 'patch_description', p.metadata ->> 'changes') AS summary,
            count(*) OVER ()::int AS total
     FROM programs p
     LEFT JOIN edges e ON e.child_id = p.id AND e.ordinal = 0
     LEFT JOIN programs pp ON pp.id = e.parent_id
     LEFT JOIN LATERAL (
       SELECT labels, CASE WHEN judge LIKE 'llm:%' THEN rationale END AS rationale FROM edit_judgements
       WHERE run_id = p.run_id AND child_id = p.id AND status = 'judged'
       ORDER BY (judge LIKE 'llm:%') DESC, created_at DESC LIMIT 1) j ON true
     WHERE p.run_id = $1 AND ${GEN} <= $2 AND ($3::int IS NULL OR ${GEN} > $3)
     ORDER BY ${GEN} DESC, p.seq DESC LIMIT $4`,
    [runId, at, from, limit],
  );
  const marks = await pool().query<{ ids: string[] | null }>(
    `SELECT array(SELECT jsonb_object_keys(result -> 'byChild')) AS ids FROM analyses
     WHERE run_id = $1 AND kind = $2 AND params = $3 AND version = $4`,
    [runId, ANALYSIS.cyclingMarks, cyclingParams('default', 'lineage'), REPORT_VERSION],
  );
  const cycled = new Set(marks.rows[0]?.ids ?? []);
  return {
    total: rows[0]?.total ?? 0,
    programs: rows.map((r) => ({
      programId: r.id, externalId: r.external_id, generation: r.gen, score: r.score, parentScore: r.parent_score,
      editTypes: r.labels ?? [], cycling: cycled.has(r.external_id), summary: r.summary ?? r.rationale,
    })),
  };
}

const MAX_TEXT = 8000;
const clip = (s: string | null, n = MAX_TEXT) => (s === null ? null : s.length > n ? `...${s.slice(s.length - n)}` : s);

/** A program's stored evaluation as the agent reads it; `ref` an external id (undefined: `defaultId`). Null: not in the run. */
export async function readTestResults(runId: string, ref: string | undefined, defaultId: string): Promise<string | null> {
  const { rows } = await pool().query<{ id: string; external_id: string; score: number | null; valid: boolean; invalid_reason: string | null; metrics: unknown; scores_per_test: unknown }>(
    `SELECT id, external_id, score, valid, invalid_reason, metrics, scores_per_test FROM programs
     WHERE run_id = $1 AND (CASE WHEN $2::text IS NULL THEN id = $3 ELSE external_id = $2 OR id::text = $2 END) LIMIT 1`,
    [runId, ref ?? null, defaultId],
  );
  const p = rows[0];
  if (!p) return null;
  const ev = await pool().query<{ kind: string; status: string; output: string | null; errors: string | null; artifacts: unknown; feedback: string | null; test_set: string | null; score: number | null; public_metrics: unknown }>(
    `SELECT kind, status, output, errors, artifacts, feedback, test_set, score, public_metrics FROM evaluations WHERE program_id = $1
     ORDER BY (kind = 'recorded') DESC, created_at DESC LIMIT 3`,
    [p.id],
  );
  const lines = [
    `program ${p.external_id}: score ${p.score ?? 'none'}${p.valid ? '' : ` (invalid${p.invalid_reason ? `: ${p.invalid_reason}` : ''})`}`,
    `metrics: ${JSON.stringify(p.metrics ?? {})}`,
    p.scores_per_test ? `per-test scores: ${JSON.stringify(p.scores_per_test)}` : 'per-test scores: none recorded',
  ];
  for (const e of ev.rows) {
    lines.push(`${e.kind} evaluation${e.test_set ? ` (${e.test_set} tests)` : ''}: status ${e.status}${e.score !== null ? `, score ${e.score}` : ''}`);
    if (e.kind !== 'recorded' && e.public_metrics) lines.push(`  metrics: ${JSON.stringify(e.public_metrics)}`);
    if (e.artifacts) lines.push(`  artifacts: ${clip(JSON.stringify(e.artifacts))}`);
    if (e.feedback) lines.push(`  feedback: ${clip(e.feedback)}`);
    if (e.output) lines.push(`  output:\n${clip(e.output)}`);
    if (e.errors) lines.push(`  errors:\n${clip(e.errors)}`);
  }
  if (!ev.rows.length) lines.push('no stored evaluation output (only the recorded score and metrics)');
  return lines.join('\n');
}
