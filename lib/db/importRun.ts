// Writes ImportedRuns into the trace store. All runs of one import share ONE transaction on
// one pooled pg client, so an import either lands whole or leaves the database as it was.
// Rows go in batches through unnest() arrays (lib/db/rows.ts): Prisma's createMany would be
// one round trip per model and cannot share blobs with ON CONFLICT DO NOTHING. Program ids are
// fresh uuids per import, so importing the same directory twice gives two independent runs
// that share only their content-addressed blobs.
import crypto from 'node:crypto';
import type pg from 'pg';
import { canonicalOrder, type Ordered } from '../trace/order';
import { diagnosisRecordSchema, ImportError, programRecordSchema, runRecordSchema, strategyRecordSchema, type ImportedRun, type ImportWarning } from '../trace/schema';
import { insertDiagnosis, upsertAuxValues } from './diagnoses';
import { pool } from './client';
import { attachEvaluator, DEFAULT_EVALUATOR_MEMORY_MB } from './evaluators';
import { BlobSet, clean, cleanOpt, CONTEXT_REF_COLUMNS, EDGE_COLUMNS, inTransaction, insertRows, jsonb, RowSets, writeBlobs } from './rows';
import { strategyRows, writeStrategies } from './strategies';
import { addTime, reportTimings, timed } from './importTimings';
import { refreshRunCost } from './runCost';
import { parseSearchState, writeSearchState } from './searchStateRows';

const ANALYZE_AFTER = 2000;
const IMPORT_LOCK_CLASS = 727_101; // advisory lock (class, hashtext(import id)) while an import stores

export interface StoredRunSummary {
  runId: string;
  name: string;
  format: string;
  programs: number;
  edges: number;
  /** Programs evaluated and found invalid (not counting those never evaluated). */
  invalidPrograms: number;
  /** Programs never evaluated (valid=false, evaluated=false). */
  unevaluatedPrograms: number;
  /** Programs the search rejected (valid=false, rejected=true): neither invalid nor ever best. */
  rejectedPrograms: number;
  /** EvoX search strategies stored with the run. */
  strategies: number;
  /** Programs with at least one stored prompt (context). */
  prompts: number;
  islands: number;
  bestProgramExternalId: string | null;
  bestScore: number | null;
  warnings: ImportWarning[];
}

export interface StoreOptions {
  name?: string;
  /** Recorded in import_report; defaults to the run's framework. */
  format?: string;
  /**
   * The import_jobs row these runs are grouped under (the runs list shows runs imported together
   * as one group). When absent, one is created in the same transaction (kind 'path': a CLI
   * import), so every import's runs form a group. When given (a browser import), its runs are
   * stored at most once: when a previous attempt already committed them (a worker that crashed
   * before recording its success), they are returned instead of being stored again.
   */
  importJobId?: string;
  /** What the group is called when it is created here (the path's base name). */
  sourceName?: string;
  /** Programs stored so far, over the total of this import. */
  onProgress?: (stored: number, total: number) => void;
}

function validate(imported: ImportedRun) {
  const run = runRecordSchema.safeParse(imported.run);
  if (!run.success) throw new ImportError(`run record: ${run.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  const programs = imported.programs.map((p, i) => {
    const r = validProgram(p, i);
    if (seen.has(r.externalId)) throw new ImportError(`program ${r.externalId} appears twice`);
    seen.add(r.externalId);
    return r;
  });
  // The eval agent's triggers name programs by externalId: each must be one of the run's.
  const diagnoses = (imported.diagnoses ?? []).map((d, i) => {
    const r = diagnosisRecordSchema.safeParse(d);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ImportError(`diagnosis #${i + 1}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    const named = [r.data.programExternalId, r.data.agentCandidateExternalId, ...r.data.auxValues.map((v) => v.externalId)];
    const unknown = named.find((id) => id != null && !seen.has(id));
    if (unknown != null) throw new ImportError(`diagnosis at generation ${r.data.triggerGeneration}: program ${unknown} is not in the run`);
    return r.data;
  });
  const strategies = (imported.strategies ?? []).map((st, i) => {
    const r = strategyRecordSchema.safeParse(st);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ImportError(`strategy #${i + 1}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    return r.data;
  });
  const iterations = new Set<number>();
  for (const st of strategies) {
    if (iterations.has(st.iteration)) throw new ImportError(`strategy iteration ${st.iteration} appears twice`);
    iterations.add(st.iteration);
  }
  return { run: run.data, programs, diagnoses, strategies };
}

function validProgram(p: ImportedRun['programs'][number], i: number) {
  const r = programRecordSchema.safeParse(p);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const who = typeof p?.externalId === 'string' ? p.externalId : `#${i}`;
  throw new ImportError(`program ${who}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
}

/**
 * The run's shape, computed before the transaction from the (possibly light) records: order,
 * ids, lineage, best program, counters. Rows are built and written a batch at a time inside it,
 * from the full records (ImportedRun.loadPrograms reads them when the importer streams), so the
 * sources of a large run are never all in memory.
 */
function prepare(imported: ImportedRun, opts: { name?: string; format?: string; importJobId?: string | null }) {
  const { run, programs, diagnoses, strategies } = validate(imported);
  const searchState = parseSearchState(imported.searchState);
  const format = opts.format ?? run.framework;
  const name = clean(opts.name ?? run.name);
  const runId = crypto.randomUUID();
  const ordered = canonicalOrder(programs);
  const idOf = new Map(ordered.map((o) => [o.item.externalId, crypto.randomUUID()]));
  const blobs = new BlobSet();
  const metricKeys = new Set<string>();
  const islands = new Set<number>();
  let best: (typeof ordered)[number] | null = null;
  let invalid = 0;
  let unevaluated = 0;
  let rejected = 0;
  let edgeCount = 0;
  let lastIteration: number | null = null;
  const better = (a: number, b: number) => (run.higherIsBetter ? a > b : a < b);

  for (const o of ordered) {
    const p = o.item;
    edgeCount += new Set(p.parents.map((pa) => pa.externalId)).size;
    for (const [k, v] of Object.entries(p.metrics)) if (typeof v === 'number') metricKeys.add(k);
    if (p.island != null) islands.add(p.island);
    // Each program counts once: rejected (by the search), else never evaluated, else invalid.
    if (p.rejected) rejected++;
    else if (!p.evaluated) unevaluated++;
    else if (!p.valid) invalid++;
    // Ties keep the earlier program (lower seq): the first to reach the best score. A rejected
    // program is stored invalid (rows.ts), so it is never the best, whatever its score.
    if (p.valid && p.evaluated && !p.rejected && p.score != null && (!best || better(p.score, best.item.score!))) best = o;
    lastIteration = Math.max(lastIteration ?? o.effectiveIteration, o.effectiveIteration);
  }
  const replayFiles = run.replay
    ? Object.fromEntries(Object.entries(run.replay.files).map(([f, text]) => [f, blobs.add(text)]))
    : null;
  const bestFound = best as (typeof ordered)[number] | null;
  const strategyData = strategyRows(strategies, blobs);
  const diagnosisBlobs = diagnoses.map((d) => ({ script: blobs.add(d.auxScript), candidate: blobs.add(d.agentCandidateCode) }));

  const runParams = [
    runId, name, clean(run.framework), cleanOpt(run.task), cleanOpt(run.language), jsonb(run.modelConfig),
    cleanOpt(run.evaluatorCommand), jsonb(run.budget), jsonb(run.config), jsonb(run.meta), cleanOpt(run.scoreMetric),
    run.higherIsBetter, [...metricKeys].sort().map(clean), run.sourceKind, cleanOpt(run.sourcePath),
    jsonb({ format, warnings: imported.warnings, stats: imported.stats }),
    ordered.length, invalid, edgeCount, islands.size, bestFound?.item.score ?? null,
    bestFound ? idOf.get(bestFound.item.externalId) : null, bestFound?.effectiveIteration ?? null, lastIteration,
    unevaluated, opts.importJobId ?? null, rejected,
  ];

  async function write(client: pg.PoolClient, onPrograms: (n: number) => void) {
    await client.query(
      `INSERT INTO runs (id, name, framework, task, language, model_config, evaluator_command, budget, config, meta,
         score_metric, higher_is_better, metric_keys, source_kind, source_path, import_report, status,
         program_count, invalid_count, edge_count, island_count, best_score, best_program_id, best_iteration, last_iteration,
         unevaluated_count, import_job_id, rejected_count)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,'ready',$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27)`,
      runParams,
    );
    await writeBlobs(client, blobs);
    summary.prompts = await writeProgramBatches(client, runId, ordered, imported.loadPrograms, (ext) => idOf.get(ext) ?? null, onPrograms);
    if (searchState) await writeSearchState(client, runId, searchState);
    await writeStrategies(client, runId, strategyData);
    await refreshRunCost(runId, client);
    if (run.replay) {
      const r = run.replay;
      await client.query(
        `INSERT INTO replay_environments (run_id, evaluator_command, files, dependencies, timeout_seconds, notes)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [runId, cleanOpt(r.evaluatorCommand), jsonb(replayFiles), jsonb(r.dependencies), r.timeoutSeconds ?? null, cleanOpt(r.notes)],
      );
    }
    if (imported.evaluator) await attachArchiveEvaluator(client, runId, imported);
    await writeDiagnoses(client, runId, diagnoses, diagnosisBlobs, (ext) => (ext == null ? null : idOf.get(ext) ?? null));
  }

  const summary: StoredRunSummary = {
    runId,
    name,
    format,
    programs: ordered.length,
    edges: edgeCount,
    invalidPrograms: invalid,
    unevaluatedPrograms: unevaluated,
    rejectedPrograms: rejected,
    strategies: strategies.length,
    prompts: 0, // counted from the full records as they are written
    islands: islands.size,
    bestProgramExternalId: bestFound?.item.externalId ?? null,
    bestScore: bestFound?.item.score ?? null,
    warnings: imported.warnings,
  };
  return { summary, write };
}

const PROGRAM_BATCH = 1000;

/**
 * Programs (with their blobs, evaluations and contexts) a batch at a time in canonical order,
 * each batch's edges once their parents are written (those to a later parent after the last). The next batch's records are read
 * while the current one is written, so the files and the database work at once. Returns the
 * number of programs with prompts.
 */
async function writeProgramBatches(
  client: pg.PoolClient,
  runId: string,
  ordered: Ordered<ReturnType<typeof validProgram>>[],
  load: ImportedRun['loadPrograms'],
  parentId: (externalId: string) => string | null,
  onPrograms: (n: number) => void,
): Promise<number> {
  const fullOf = async (start: number) => {
    const slice = ordered.slice(start, start + PROGRAM_BATCH);
    if (!load) return slice.map((o) => o.item);
    const got = await timed('read full records (files, parse, toProgramRecord)', () => load(slice.map((o) => o.item.externalId)));
    const t = performance.now();
    const out = got.map((p, k) => {
      const r = validProgram(p, start + k);
      if (r.externalId !== slice[k].item.externalId) throw new Error(`loadPrograms returned ${r.externalId} for ${slice[k].item.externalId}`);
      // The run's counts and best were computed from the light record: they must agree.
      if (r.rejected !== slice[k].item.rejected) throw new Error(`loadPrograms: ${r.externalId} is rejected in one record and not in the other`);
      return r;
    });
    addTime('validate full records', t);
    return out;
  };
  // An edge goes in with its child's batch when its parent is already written (the parent comes
  // first in canonical order, nearly always), so edges are written while the next batch is read;
  // the others wait for the last batch.
  const position = new Map(ordered.map((o, k) => [o.item.externalId, k]));
  const deferred: unknown[][] = [];
  // Context refs name any program of the run (often a later one): written after the last batch.
  const contextRefs: unknown[][] = [];
  let withPrompts = 0;
  let next = fullOf(0);
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < ordered.length; start += PROGRAM_BATCH) {
    let t = performance.now();
    const full = await next;
    addTime('wait for records', t);
    if (start + PROGRAM_BATCH < ordered.length) {
      next = fullOf(start + PROGRAM_BATCH);
      next.catch(() => {}); // awaited on the next turn; a failure of this batch's write must not leave it unhandled
    }
    t = performance.now();
    const rows = new RowSets();
    const blobs = new BlobSet();
    for (const [k, p] of full.entries()) {
      const o = ordered[start + k];
      rows.add(p, { id: parentId(p.externalId)!, runId, seq: start + k, iteration: o.effectiveIteration }, parentId, blobs);
      if (p.contexts.length) withPrompts++;
    }
    for (const r of rows.contextRefs) contextRefs.push(r);
    const end = start + full.length;
    const ready: unknown[][] = [];
    for (const e of rows.edges) {
      const at = e[1] === null ? -1 : position.get(e[2] as string); // no parent id: a parent not in the run
      (at !== undefined && at < end ? ready : deferred).push(e);
    }
    addTime('build rows (hash, jsonb)', t);
    // The database writes one batch while the next one's rows are built here: wait for the
    // batch before (at most one behind), then hand this one over without waiting for it.
    t = performance.now();
    await writing;
    addTime('wait for the database', t);
    const stored = start + full.length;
    writing = rows
      .write(client, blobs, { edges: false })
      .then(() => insertRows(client, 'edges', EDGE_COLUMNS, ready))
      .then(() => onPrograms(stored));
    writing.catch(() => {}); // awaited on the next turn or after the loop
  }
  await writing;
  await timed('edges (after the last batch)', () => insertRows(client, 'edges', EDGE_COLUMNS, deferred));
  await timed('context refs', () => insertRows(client, 'context_refs', CONTEXT_REF_COLUMNS, contextRefs));
  return withPrompts;
}

/** The eval agent's triggers (origin 'imported'), their aux values as aux_metric_values rows. */
async function writeDiagnoses(
  client: pg.PoolClient,
  runId: string,
  diagnoses: ReturnType<typeof validate>['diagnoses'],
  shas: { script: string | null; candidate: string | null }[],
  idOf: (ext: string | null | undefined) => string | null,
) {
  for (const [i, d] of diagnoses.entries()) {
    const candidateId = idOf(d.agentCandidateExternalId);
    const report = d.report.agentCandidate ? { ...d.report, agentCandidate: { ...d.report.agentCandidate, programId: candidateId } } : d.report;
    const id = await insertDiagnosis(client, {
      runId, origin: 'imported', triggerGeneration: d.triggerGeneration, programId: idOf(d.programExternalId),
      reportMd: clean(d.reportMd), report, auxScriptSha: shas[i].script, agentCandidateSha: shas[i].candidate,
      agentCandidateProgramId: candidateId,
    });
    await upsertAuxValues(client, runId, id, d.auxValues.map((v) => ({ programId: idOf(v.externalId)!, status: 'ok', values: v.values })));
  }
}

/**
 * The evaluator the archive held, as version 1 of the run's evaluator. Under a savepoint: a
 * failure to attach it leaves the import whole and becomes a warning of its report.
 */
async function attachArchiveEvaluator(client: pg.PoolClient, runId: string, imported: ImportedRun) {
  const ev = imported.evaluator!;
  await client.query('SAVEPOINT archive_evaluator');
  try {
    await attachEvaluator(client, runId, {
      contract: ev.contract, entry: ev.entry, programFile: ev.programFile, files: ev.files, timeoutSeconds: ev.timeoutSeconds,
      memoryMb: DEFAULT_EVALUATOR_MEMORY_MB, origin: 'archive', notes: `found in ${ev.dir || 'the imported folder'}`, cascade: ev.cascade ?? null,
    });
    await client.query('RELEASE SAVEPOINT archive_evaluator');
  } catch (e) {
    await client.query('ROLLBACK TO SAVEPOINT archive_evaluator');
    const warning: ImportWarning = { code: 'evaluator-not-attached', message: `evaluator not attached: ${(e as Error).message}`, file: ev.dir || undefined };
    imported.warnings.push(warning);
    await client.query(
      `UPDATE runs SET import_report = jsonb_set(import_report, '{warnings}', coalesce(import_report->'warnings', '[]'::jsonb) || $2::jsonb) WHERE id = $1`,
      [runId, jsonb([warning])],
    );
  }
}

const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/**
 * Runs `attempt` again when PostgreSQL broke a deadlock by aborting it. Programs are written a
 * batch at a time, so an import takes its blob keys in sorted order per batch, not over the whole
 * run: two writers sharing sources (a second import of the same run, live ingestion) can then
 * wait on each other, and the server aborts one. The aborted import rolled back whole; once the
 * other commits, it goes through.
 */
async function retriedOnDeadlock<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if ((e as { code?: unknown }).code !== DEADLOCK || n >= ATTEMPTS) throw e;
    }
  }
}

/** Stores several runs in one transaction: all of them land, or none does. */
export async function storeImportedRuns(imported: ImportedRun[], opts: StoreOptions = {}): Promise<StoredRunSummary[]> {
  const importJobId = opts.importJobId ?? crypto.randomUUID();
  const t = performance.now();
  const prepared = imported.map((r) =>
    prepare(r, { name: imported.length === 1 ? opts.name : undefined, format: opts.format, importJobId }),
  );
  addTime('prepare (validate light records, order)', t);
  const total = prepared.reduce((s, p) => s + p.summary.programs, 0);
  const storedBefore = await timed('transaction (all writes, commit)', () => retriedOnDeadlock(() => inTransaction(async (client) => {
    if (opts.importJobId) {
      // Serialises two attempts of one import, then lets only the first store. An advisory lock,
      // not the import_jobs row: the progress updates write that row while the runs are stored.
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK_CLASS, opts.importJobId]);
      const { rowCount } = await client.query('SELECT 1 FROM runs WHERE import_job_id = $1 LIMIT 1', [opts.importJobId]);
      if (rowCount) return true;
    } else {
      const format = opts.format ?? prepared[0]?.summary.format ?? 'auto';
      await client.query(
        `INSERT INTO import_jobs (id, kind, status, source_name, format, phase, run_ids, started_at, finished_at)
         VALUES ($1, 'path', 'succeeded', $2, $3, 'done', $4::uuid[], now(), now())`,
        [importJobId, clean(opts.sourceName ?? prepared[0]?.summary.name ?? 'import'), format, prepared.map((p) => p.summary.runId)],
      );
    }
    let before = 0;
    for (const p of prepared) {
      await p.write(client, (n) => opts.onProgress?.(before + n, total));
      before += p.summary.programs;
    }
    return false;
  })));
  if (storedBefore) return storedRunsOfImport(opts.importJobId!);
  // A large import changes the tables' shape more than autovacuum notices in time: without
  // fresh statistics the first queries on the run (the lineage graph's joins) can pick plans
  // that take minutes instead of milliseconds.
  if (total >= ANALYZE_AFTER) await timed('ANALYZE', () => pool().query('ANALYZE programs, edges, blobs, contexts'));
  reportTimings(`${total} programs stored`);
  return prepared.map((p) => p.summary);
}

/** The runs an import already stored, summarised from what the database holds (empty if none). */
export async function storedRunsOfImport(importId: string): Promise<StoredRunSummary[]> {
  const { rows } = await pool().query<{
    id: string; name: string; report: { format?: string; warnings?: ImportWarning[] } | null; program_count: number;
    edge_count: number; invalid_count: number; unevaluated_count: number; island_count: number; best_score: number | null;
    best_ext: string | null; prompts: number; rejected_count: number; strategies: number;
  }>(
    `SELECT r.id, r.name, r.import_report AS report, r.program_count, r.edge_count, r.invalid_count, r.unevaluated_count,
            r.island_count, r.best_score, r.rejected_count,
            (SELECT count(*) FROM strategies WHERE run_id = r.id)::int AS strategies,
            (SELECT external_id FROM programs WHERE id = r.best_program_id) AS best_ext,
            (SELECT count(DISTINCT program_id) FROM contexts WHERE run_id = r.id)::int AS prompts
     FROM runs r WHERE r.import_job_id = $1 ORDER BY r.imported_at, r.id`,
    [importId],
  );
  return rows.map((r) => ({
    runId: r.id,
    name: r.name,
    format: r.report?.format ?? 'unknown',
    programs: r.program_count,
    edges: r.edge_count,
    invalidPrograms: r.invalid_count,
    unevaluatedPrograms: r.unevaluated_count,
    rejectedPrograms: r.rejected_count,
    strategies: r.strategies,
    prompts: r.prompts,
    islands: r.island_count,
    bestProgramExternalId: r.best_ext,
    bestScore: r.best_score,
    warnings: r.report?.warnings ?? [],
  }));
}

export async function storeImportedRun(imported: ImportedRun, opts: StoreOptions = {}): Promise<StoredRunSummary> {
  const [summary] = await storeImportedRuns([imported], opts);
  return summary;
}
