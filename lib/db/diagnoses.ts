// Storage of the eval agent's diagnoses and auxiliary metric values (issue 13): written by the
// importer (inside the import transaction), by the 'diagnose' and 'aux' experiments, read by the
// API, the CLI and the pages. Texts (auxiliary_metrics.py, agent candidates) are blobs; the caller
// writes them (BlobSet + writeBlobs) in the same transaction before it names them here.
import type pg from 'pg';
import { diagnosisReportSchema, type DiagnosisReport, type DiagnosisView } from '../trace/diagnosis';
import { pool } from './client';
import { inTransaction, jsonb } from './rows';

type Db = pg.Pool | pg.PoolClient;

export interface NewDiagnosis {
  runId: string;
  origin: 'imported' | 'evoscope';
  experimentId?: string | null;
  triggerGeneration: number;
  programId?: string | null;
  reportMd: string;
  report: DiagnosisReport;
  auxScriptSha?: string | null;
  agentCandidateSha?: string | null;
  agentCandidateProgramId?: string | null;
}

/** Stores one diagnosis; returns its id. The report is checked against its schema first. */
export async function insertDiagnosis(db: Db, d: NewDiagnosis): Promise<string> {
  const report = diagnosisReportSchema.parse(d.report);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO diagnoses (id, run_id, origin, experiment_id, trigger_generation, program_id, report_md, report,
                            aux_script_sha, agent_candidate_sha, agent_candidate_program_id)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) RETURNING id`,
    [d.runId, d.origin, d.experimentId ?? null, d.triggerGeneration, d.programId ?? null, d.reportMd, jsonb(report),
      d.auxScriptSha ?? null, d.agentCandidateSha ?? null, d.agentCandidateProgramId ?? null],
  );
  return rows[0].id;
}

/** Replaces a diagnosis's report (the aux run adds its trivial metric test; the job its candidate). */
export async function updateDiagnosisReport(db: Db, id: string, report: DiagnosisReport): Promise<void> {
  await db.query('UPDATE diagnoses SET report = $2::jsonb WHERE id = $1', [id, jsonb(diagnosisReportSchema.parse(report))]);
}

type Row = {
  id: string; run_id: string; origin: 'imported' | 'evoscope'; experiment_id: string | null; trigger_generation: number;
  program_id: string | null; external_id: string | null; report_md: string; report: unknown; aux_script_sha: string | null;
  agent_candidate_sha: string | null; agent_candidate_program_id: string | null; created_at: Date;
};

const SELECT = `
  SELECT d.id, d.run_id, d.origin, d.experiment_id, d.trigger_generation, d.program_id, p.external_id, d.report_md, d.report,
         d.aux_script_sha, d.agent_candidate_sha, d.agent_candidate_program_id, d.created_at
  FROM diagnoses d LEFT JOIN programs p ON p.id = d.program_id`;

const viewOf = (r: Row): DiagnosisView => ({
  id: r.id, runId: r.run_id, origin: r.origin, experimentId: r.experiment_id, triggerGeneration: r.trigger_generation,
  programId: r.program_id, programExternalId: r.external_id, reportMd: r.report_md, report: diagnosisReportSchema.parse(r.report),
  auxScriptSha: r.aux_script_sha, agentCandidateSha: r.agent_candidate_sha, agentCandidateProgramId: r.agent_candidate_program_id,
  createdAt: r.created_at.toISOString(),
});

/** A run's diagnoses by trigger generation (imported and Evoscope's together). */
export async function listDiagnoses(runId: string, db: Db = pool()): Promise<DiagnosisView[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE d.run_id = $1 ORDER BY d.trigger_generation, d.created_at`, [runId]);
  return rows.map(viewOf);
}

export async function getDiagnosis(runId: string, id: string, db: Db = pool()): Promise<DiagnosisView | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE d.run_id = $1 AND d.id = $2`, [runId, id]);
  return rows[0] ? viewOf(rows[0]) : null;
}

export interface NewAuxValue {
  programId: string;
  status: string;
  values: Record<string, number> | null;
  error?: string | null;
  wallMs?: number | null;
}

/** Stores (or replaces) aux metric values of one diagnosis for a batch of programs, in one statement. */
export async function upsertAuxValues(db: Db, runId: string, diagnosisId: string, values: readonly NewAuxValue[]): Promise<void> {
  if (!values.length) return;
  await db.query(
    `INSERT INTO aux_metric_values (diagnosis_id, program_id, run_id, status, "values", error, wall_ms)
     SELECT $1, v.program_id, $2, v.status, v.vals::jsonb, v.error, v.wall_ms
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::float8[]) AS v(program_id, status, vals, error, wall_ms)
     ON CONFLICT (diagnosis_id, program_id) DO UPDATE
       SET status = EXCLUDED.status, "values" = EXCLUDED."values", error = EXCLUDED.error, wall_ms = EXCLUDED.wall_ms, created_at = now()`,
    [diagnosisId, runId, values.map((v) => v.programId), values.map((v) => v.status), values.map((v) => jsonb(v.values)),
      values.map((v) => v.error ?? null), values.map((v) => v.wallMs ?? null)],
  );
}

export interface AuxPoint {
  programId: string;
  externalId: string;
  generation: number | null;
  iteration: number | null;
  score: number | null;
  status: string;
  values: Record<string, number> | null;
}

/** One diagnosis's aux values beside each program's score, in the run's order (for the trend chart). */
export async function auxPoints(runId: string, diagnosisId: string, db: Db = pool()): Promise<AuxPoint[]> {
  const { rows } = await db.query<{ program_id: string; external_id: string; generation: number | null; iteration: number | null; score: number | null; status: string; values: Record<string, number> | null }>(
    `SELECT a.program_id, p.external_id, p.generation, p.iteration, p.score, a.status, a."values"
     FROM aux_metric_values a JOIN programs p ON p.id = a.program_id
     WHERE a.run_id = $1 AND a.diagnosis_id = $2 ORDER BY p.seq`,
    [runId, diagnosisId],
  );
  return rows.map((r) => ({ programId: r.program_id, externalId: r.external_id, generation: r.generation, iteration: r.iteration, score: r.score, status: r.status, values: r.values }));
}

/**
 * Merges fields into a diagnosis's report under a row lock, so the aux run writing its trivial
 * metric test and the diagnose job writing its candidate never undo each other's change.
 */
export async function patchDiagnosisReport(id: string, patch: Partial<DiagnosisReport>): Promise<void> {
  await inTransaction(async (c) => {
    const { rows } = await c.query<{ report: unknown }>('SELECT report FROM diagnoses WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) return;
    await updateDiagnosisReport(c, id, { ...diagnosisReportSchema.parse(rows[0].report), ...patch });
  });
}

/** How many programs of the run have a stored aux value of this diagnosis, and how many of them failed. */
export async function auxCounts(diagnosisId: string, db: Db = pool()): Promise<{ done: number; failed: number }> {
  const { rows } = await db.query<{ done: number; failed: number }>(
    `SELECT count(*)::int AS done, count(*) FILTER (WHERE status <> 'ok')::int AS failed FROM aux_metric_values WHERE diagnosis_id = $1`,
    [diagnosisId],
  );
  return rows[0];
}

export interface AuxTestRow {
  score: number | null;
  perTest: Record<string, unknown> | null;
  /** The values of an 'ok' run; null otherwise. */
  values: Record<string, number> | null;
}

/** What the trivial metric test needs per program: numbers only (no sources), so 100k rows are small. */
export async function auxTestRows(runId: string, diagnosisId: string, db: Db = pool()): Promise<AuxTestRow[]> {
  const { rows } = await db.query<{ score: number | null; scores_per_test: Record<string, unknown> | null; values: Record<string, number> | null }>(
    `SELECT p.score, p.scores_per_test, CASE WHEN a.status = 'ok' THEN a."values" END AS "values"
     FROM aux_metric_values a JOIN programs p ON p.id = a.program_id
     WHERE a.run_id = $1 AND a.diagnosis_id = $2`,
    [runId, diagnosisId],
  );
  return rows.map((r) => ({ score: r.score, perTest: r.scores_per_test, values: r.values }));
}

/** Most points the trend chart gets at once (GET .../aux?max= may ask for up to AUX_POINTS_LIMIT). */
export const AUX_POINTS_DEFAULT = 5000;
export const AUX_POINTS_LIMIT = 100_000;

/**
 * The aux points of a diagnosis thinned for the chart: with more than `max` stored, every
 * stride-th program in the run's order (stride = ceil(total / max)), so a 100k-program run sends
 * at most `max` points spread evenly over its whole length; `total` and `stride` say what was left out.
 */
export async function auxPointsThinned(runId: string, diagnosisId: string, max = AUX_POINTS_DEFAULT, db: Db = pool()): Promise<{ total: number; stride: number; points: AuxPoint[] }> {
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM aux_metric_values WHERE run_id = $1 AND diagnosis_id = $2', [runId, diagnosisId]);
  const total = count[0].n;
  const stride = Math.max(1, Math.ceil(total / Math.max(1, max)));
  const { rows } = await db.query<{ program_id: string; external_id: string; generation: number | null; iteration: number | null; score: number | null; status: string; values: Record<string, number> | null }>(
    `SELECT program_id, external_id, generation, iteration, score, status, "values" FROM (
       SELECT a.program_id, p.external_id, p.generation, p.iteration, p.score, a.status, a."values", p.seq,
              row_number() OVER (ORDER BY p.seq) - 1 AS rn
       FROM aux_metric_values a JOIN programs p ON p.id = a.program_id
       WHERE a.run_id = $1 AND a.diagnosis_id = $2) x
     WHERE rn % $3 = 0 ORDER BY seq`,
    [runId, diagnosisId, stride],
  );
  return { total, stride, points: rows.map((r) => ({ programId: r.program_id, externalId: r.external_id, generation: r.generation, iteration: r.iteration, score: r.score, status: r.status, values: r.values })) };
}
