// Exports a stored run as an EvoTrace refined layout directory (lib/importers/evotraceExport.ts writes
// the files). Programs are read in pages of PAGE programs with a cursor over seq, each page
// with its code, edges, evaluations and contexts (texts resolved from blobs) in four queries,
// so memory stays flat however large the run. Plain SQL on the pg pool, as importRun.ts writes.
import fs from 'node:fs';
import path from 'node:path';
import { DirectoryNotEmptyError, writeEvoTrace, type EvoTraceExportSummary } from '../importers/evotraceExport';
import type { EvaluationRecord, ProgramRecord, RunRecord } from '../trace/schema';
import { splitComponents } from '../trace/components';
import { runStrategies } from './strategies';
import { pool } from './client';
import { withCodeCopies } from '../trace/codeCopies';

const PAGE = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ExportErrorCode = 'unknown-run' | 'out-not-empty' | 'out-not-directory';

/** Bad export request (unknown run, unusable output directory): permanent, message for the user. */
export class ExportError extends Error {
  constructor(
    readonly code: ExportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export interface ExportResult extends EvoTraceExportSummary {
  runId: string;
  name: string;
  format: 'evotrace';
}

type Row = Record<string, unknown>;
const q = async <T = Row>(sql: string, params: unknown[]) => (await pool().query(sql, params)).rows as T[];

/** Fails unless `dir` is missing or an empty directory. Exported for callers that check early (the CLI). */
export function checkOutputDirectory(dir: string) {
  const st = fs.statSync(dir, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) throw new ExportError('out-not-directory', `${dir} exists and is not a directory`);
  if (fs.readdirSync(dir).length) throw new ExportError('out-not-empty', new DirectoryNotEmptyError(dir).message);
}

const groupBy = <T extends Row>(rows: T[], key: string) => {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = r[key] as string;
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
};

/** One page of programs after `afterSeq`, as ProgramRecords, with the last seq for the cursor. */
async function programPage(runId: string, afterSeq: number, useEffectiveIteration: boolean) {
  const rows = await q(
    `SELECT p.id, p.seq, p.external_id, p.language, p.iteration, p.raw_iteration, p.generation, p.timestamp, p.island,
            p.valid, p.evaluated, p.invalid_reason, p.score, p.metrics, p.metadata, p.metadata_code_keys, p.is_migrant, b.content AS code,
            p.model, p.operator, p.prompt_tokens, p.completion_tokens, p.cost, p.rejected, p.component_names
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
      WHERE p.run_id = $1 AND p.seq > $2 ORDER BY p.seq LIMIT ${PAGE}`,
    [runId, afterSeq],
  );
  if (!rows.length) return { programs: [], lastSeq: afterSeq };
  const ids = rows.map((r) => r.id as string);
  // By program id alone (ids are uuids, unique across runs): the per-program indexes answer it,
  // where adding run_id = $1 lets the planner scan the whole run's rows for every page.
  const [edges, evaluations, contexts, contextRefs] = await Promise.all([
    q(`SELECT child_id, parent_external_id, operator FROM edges WHERE child_id = ANY($1::uuid[]) ORDER BY child_id, ordinal`, [ids]),
    q(`SELECT program_id, status, output, errors, timing_ms, public_metrics, private_metrics, artifacts, feedback
         FROM evaluations WHERE program_id = ANY($1::uuid[]) AND kind = 'recorded' ORDER BY program_id, id`, [ids]),
    q(`SELECT c.program_id, c.kind, s.content AS system, u.content AS "user", r.content AS response, c.model,
              c.prompt_tokens, c.completion_tokens, c.cost, c.extra
         FROM contexts c
         LEFT JOIN blobs s ON s.sha256 = c.system_sha
         LEFT JOIN blobs u ON u.sha256 = c.user_sha
         LEFT JOIN blobs r ON r.sha256 = c.response_sha
        WHERE c.program_id = ANY($1::uuid[]) ORDER BY c.program_id, c.id`, [ids]),
    q(`SELECT program_id, ref_external_id, label FROM context_refs WHERE program_id = ANY($1::uuid[]) ORDER BY program_id, ordinal, id`, [ids]),
  ]);
  const refsOf = groupBy(contextRefs, 'program_id');
  const edgesOf = groupBy(edges, 'child_id');
  const evalsOf = groupBy(evaluations, 'program_id');
  const contextsOf = groupBy(contexts, 'program_id');

  const programs: ProgramRecord[] = rows.map((r) => {
    // One evaluation per program is what importers write; should a program have several, the first is exported.
    const e = evalsOf.get(r.id as string)?.[0];
    const evaluation: EvaluationRecord | null = e
      ? {
          status: e.status as string, output: e.output as string | null, errors: e.errors as string | null,
          timingMs: e.timing_ms as number | null, publicMetrics: e.public_metrics ?? undefined,
          privateMetrics: e.private_metrics ?? undefined, artifacts: e.artifacts ?? undefined, feedback: e.feedback as string | null,
        }
      : null;
    return {
      externalId: r.external_id as string,
      code: r.code as string,
      language: r.language as string | null,
      iteration: (useEffectiveIteration ? r.iteration : r.raw_iteration) as number | null,
      generation: r.generation as number | null,
      timestamp: r.timestamp as number | null,
      island: r.island as number | null,
      valid: r.valid as boolean,
      evaluated: r.evaluated as boolean,
      invalidReason: r.invalid_reason as string | null,
      score: r.score as number | null,
      metrics: (r.metrics ?? {}) as Record<string, unknown>,
      metadata: withCodeCopies(r.metadata, r.metadata_code_keys as string[] | null, r.code as string) ?? undefined,
      isMigrant: r.is_migrant as boolean,
      parents: (edgesOf.get(r.id as string) ?? []).map((x) => ({ externalId: x.parent_external_id as string, operator: x.operator as string | null })),
      ...traceFields(r, refsOf.get(r.id as string) ?? []),
      evaluation,
      contexts: (contextsOf.get(r.id as string) ?? []).map((c) => ({
        kind: c.kind as string | null, system: c.system as string | null, user: c.user as string | null,
        response: c.response as string | null, model: c.model as string | null, promptTokens: c.prompt_tokens as number | null,
        completionTokens: c.completion_tokens as number | null, cost: c.cost as number | null, extra: c.extra ?? undefined,
      })),
    };
  });
  return { programs, lastSeq: rows[rows.length - 1].seq as number };
}

/** Issue 22's fields of one program row, only those it has (older runs export as before). */
function traceFields(r: Row, refs: Row[]): Partial<ProgramRecord> {
  const out: Partial<ProgramRecord> = {};
  const origin = { model: r.model, operator: r.operator, promptTokens: r.prompt_tokens, completionTokens: r.completion_tokens, cost: r.cost };
  if (Object.values(origin).some((v) => v != null)) out.origin = origin as ProgramRecord['origin'];
  if (refs.length) out.contextRefs = refs.map((x) => ({ externalId: x.ref_external_id as string, label: x.label as string | null }));
  if (r.rejected) out.rejected = true;
  const names = r.component_names as string[] | null;
  const parts = names?.length ? splitComponents(r.code as string) : null;
  if (parts) out.components = Object.fromEntries(parts.map((c) => [c.name, c.text]));
  return out;
}

async function* programsOf(runId: string, useEffectiveIteration: boolean, onPage: (n: number) => void): AsyncGenerator<ProgramRecord> {
  let after = -1;
  let done = 0;
  for (;;) {
    const page = await programPage(runId, after, useEffectiveIteration);
    if (!page.programs.length) return;
    yield* page.programs;
    done += page.programs.length;
    onPage(done);
    after = page.lastSeq;
  }
}

/**
 * Writes run `runId` to `outDir` (created when missing; an existing directory must be empty)
 * as an EvoTrace refined layout. On failure the files written so far are removed.
 * `onProgress(written, total)` is called after each page of programs.
 */
/** The name an export of `runId` is downloaded under (HEAD answers it without exporting). */
export async function exportedRunName(runId: string): Promise<string> {
  if (!UUID.test(runId)) throw new ExportError('unknown-run', `no run with id ${runId}`);
  const [run] = await q<{ name: string }>('SELECT name FROM runs WHERE id = $1', [runId]);
  if (!run) throw new ExportError('unknown-run', `no run with id ${runId}`);
  return run.name;
}

export async function exportRunToDirectory(
  runId: string,
  outDir: string,
  onProgress?: (programsWritten: number, programsTotal: number) => void,
): Promise<ExportResult> {
  checkOutputDirectory(outDir);
  if (!UUID.test(runId)) throw new ExportError('unknown-run', `no run with id ${runId}`);
  const [run] = await q(
    `SELECT r.*, b.external_id AS best_external_id FROM runs r LEFT JOIN programs b ON b.id = r.best_program_id WHERE r.id = $1`,
    [runId],
  );
  if (!run) throw new ExportError('unknown-run', `no run with id ${runId}`);

  const [env] = await q(`SELECT evaluator_command, files, dependencies, timeout_seconds, notes FROM replay_environments WHERE run_id = $1`, [runId]);
  let replay: RunRecord['replay'] = null;
  if (env) {
    const shaOf = (env.files ?? {}) as Record<string, string>;
    const blobs = await q<{ sha256: string; content: string }>(`SELECT sha256, content FROM blobs WHERE sha256 = ANY($1::text[])`, [Object.values(shaOf)]);
    const text = new Map(blobs.map((b) => [b.sha256.trim(), b.content]));
    replay = {
      evaluatorCommand: env.evaluator_command as string | null,
      files: Object.fromEntries(Object.entries(shaOf).flatMap(([name, sha]) => (text.has(sha) ? [[name, text.get(sha)!]] : []))),
      dependencies: env.dependencies ?? undefined,
      timeoutSeconds: env.timeout_seconds as number | null,
      notes: env.notes as string | null,
    };
  }
  // Runs stored before raw_iteration existed have it null everywhere: their iteration is the source's.
  const [{ has_raw }] = await q<{ has_raw: boolean }>(
    `SELECT coalesce(bool_or(raw_iteration IS NOT NULL), false) OR NOT coalesce(bool_or(iteration IS NOT NULL), false) AS has_raw
       FROM programs WHERE run_id = $1`,
    [runId],
  );

  const total = run.program_count as number;
  const runRecord: RunRecord = {
    name: run.name as string,
    framework: run.framework as string,
    task: run.task as string | null,
    language: run.language as string | null,
    modelConfig: run.model_config ?? undefined,
    evaluatorCommand: run.evaluator_command as string | null,
    budget: run.budget ?? undefined,
    config: run.config ?? undefined,
    meta: run.meta ?? undefined,
    scoreMetric: run.score_metric as string | null,
    higherIsBetter: run.higher_is_better as boolean,
    sourceKind: run.source_kind as string,
    sourcePath: run.source_path as string | null,
    replay,
  };
  const existed = fs.existsSync(outDir);
  try {
    const summary = await writeEvoTrace(outDir, {
      run: runRecord,
      runId,
      bestProgramExternalId: (run.best_external_id as string | null) ?? null,
      bestScore: run.best_score as number | null,
      programs: programsOf(runId, !has_raw, (n) => onProgress?.(n, total)),
      strategies: (await runStrategies(runId)).map((s) => ({
        iteration: s.iteration, code: s.code, score: s.score, isNewBest: s.isNewBest, fallback: s.fallback, activeFrom: s.activeFrom,
        activeTo: s.activeTo, metadata: s.metadata ?? undefined, prompts: s.prompts ?? undefined, failedAttempts: s.failedAttempts ?? undefined,
      })),
    });
    return { ...summary, runId, name: runRecord.name, format: 'evotrace' };
  } catch (e) {
    // Files appeared in the directory since the check: they are not ours to remove.
    if (e instanceof DirectoryNotEmptyError) throw new ExportError('out-not-empty', e.message);
    // Leave nothing half-written behind: the directory was empty (or absent) when we started.
    if (existed) for (const f of fs.readdirSync(outDir)) fs.rmSync(path.join(outDir, f), { recursive: true, force: true });
    else fs.rmSync(outDir, { recursive: true, force: true });
    throw e;
  }
}
