// One imported run prepared for storing (importRun.ts): validated, ordered, counted and given
// fresh ids before the transaction, and the function that writes it inside the transaction (the
// run row, blobs, programs a batch at a time, search state, strategies, replay environment, the
// archive's evaluator and the eval agent's diagnoses).
import crypto from 'node:crypto';
import type pg from 'pg';
import { canonicalOrder } from '../trace/order';
import type { ImportedRun, ImportWarning } from '../trace/schema';
import { insertDiagnosis, upsertAuxValues } from './diagnoses';
import { attachEvaluator, DEFAULT_EVALUATOR_MEMORY_MB } from './evaluators';
import { BlobSet, clean, cleanOpt, jsonb, writeBlobs } from './rows';
import { refreshRunCost } from './runCost';
import { parseSearchState, writeSearchState } from './searchStateRows';
import type { StoredRunSummary } from './storedRunsOfImport';
import { strategyRows, writeStrategies } from './strategies';
import { validateImport } from './validateImport';
import { writeProgramBatches } from './writeProgramBatches';

/**
 * The run's shape, computed before the transaction from the (possibly light) records: order,
 * ids, lineage, best program, counters. Rows are built and written a batch at a time inside it,
 * from the full records (ImportedRun.loadPrograms reads them when the importer streams), so the
 * sources of a large run are never all in memory.
 */
export function prepareImportedRun(imported: ImportedRun, opts: { name?: string; format?: string; importJobId?: string | null }) {
  const { run, programs, diagnoses, strategies } = validateImport(imported);
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

/** The eval agent's triggers (origin 'imported'), their aux values as aux_metric_values rows. */
async function writeDiagnoses(
  client: pg.PoolClient,
  runId: string,
  diagnoses: ReturnType<typeof validateImport>['diagnoses'],
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
