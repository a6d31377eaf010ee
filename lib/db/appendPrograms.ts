// Live ingestion: appends a batch of programs to a run while its search is still going.
// One transaction per batch, serialised per run by a row lock on the run, so concurrent
// batches of one run never interleave their sequence numbers. Parents that have not arrived
// yet are ghost edges until they do: each batch resolves the ghosts it can. A program sent
// without an iteration gets its 0-based position among the run's programs, read under the row
// lock (so two batches never get the same positions), with the JSONL importer's warning.
import crypto from 'node:crypto';
import { canonicalOrder } from '../trace/order';
import { ImportError, programRecordSchema, runRecordSchema, type ImportWarning, type ProgramRecord, type RunRecord } from '../trace/schema';
import { iterationFromPositionWarning } from '../trace/warnings';
import type { SearchStateInput } from '../trace/searchState';
import { BlobSet, clean, cleanOpt, inTransaction, jsonb, RowSets, type ParsedProgram } from './rows';
import { storeProgramsDigests } from './programsDigest';
import { refreshRunCost } from './runCost';
import { appendSearchState, parseSearchState } from './searchStateRows';

export async function createLiveRun(input: RunRecord): Promise<string> {
  const run = runRecordSchema.parse({ ...input, sourceKind: 'http' });
  const runId = crypto.randomUUID();
  await inTransaction((c) =>
    c.query(
      `INSERT INTO runs (id, name, framework, task, language, model_config, evaluator_command, budget, config, meta,
         score_metric, higher_is_better, metric_keys, source_kind, import_report, status)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,'{}','http',$13,'live')`,
      [
        runId, clean(run.name), clean(run.framework), cleanOpt(run.task), cleanOpt(run.language), jsonb(run.modelConfig),
        cleanOpt(run.evaluatorCommand), jsonb(run.budget), jsonb(run.config), jsonb(run.meta), cleanOpt(run.scoreMetric),
        run.higherIsBetter, jsonb({ format: 'http', warnings: [], stats: {} }),
      ],
    ),
  );
  return runId;
}

export class AppendError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AppendResult {
  stored: number;
  programCount: number;
  ghostParentsResolved: number;
}

export async function appendPrograms(runId: string, records: ProgramRecord[]): Promise<AppendResult> {
  const parsed: ParsedProgram[] = records.map((p, i) => {
    const r = programRecordSchema.safeParse(p);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ImportError(`programs[${i}]: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    return r.data;
  });
  const batchIds = new Set<string>();
  for (const p of parsed) {
    if (batchIds.has(p.externalId)) throw new ImportError(`program ${p.externalId} appears twice in the batch`);
    batchIds.add(p.externalId);
  }

  return inTransaction(async (c) => {
    const run = await c.query<{ status: string; higher_is_better: boolean; report: { warnings?: ImportWarning[] } | null }>(
      'SELECT status, higher_is_better, import_report AS report FROM runs WHERE id = $1 FOR UPDATE',
      [runId],
    );
    if (!run.rows.length) throw new AppendError(404, 'run not found');
    // The next seq is read in its own statement, after the lock is held: a subquery of the locking
    // statement keeps the snapshot taken before it waited for the lock, so a batch that waited
    // for another would number its programs as if that one had not been stored.
    const next = await c.query<{ seq: number }>('SELECT COALESCE(max(seq) + 1, 0) AS seq FROM programs WHERE run_id = $1', [runId]);
    if (run.rows[0].status !== 'live') throw new AppendError(409, `run is ${run.rows[0].status}, not live: programs can no longer be added`);
    const dup = await c.query<{ external_id: string }>(
      'SELECT external_id FROM programs WHERE run_id = $1 AND external_id = ANY($2::text[]) LIMIT 5',
      [runId, [...batchIds]],
    );
    if (dup.rows.length) throw new AppendError(409, `already stored: ${dup.rows.map((r) => r.external_id).join(', ')}`);

    // Positions continue the run's dense seq numbering, in the order the batch lists them.
    const base = next.rows[0].seq;
    const unplaced = parsed.filter((p) => p.iteration == null).length;
    const programs = unplaced ? parsed.map((p, i) => (p.iteration == null ? { ...p, iteration: base + i } : p)) : parsed;
    const report = unplaced ? withIterationWarning(run.rows[0].report, unplaced) : null;

    // Parents and context refs already stored; those still to come are resolved when they arrive.
    const named = programs.flatMap((p) => [...p.parents.map((x) => x.externalId), ...p.contextRefs.map((x) => x.externalId)]);
    const parentExt = [...new Set(named)].filter((x) => !batchIds.has(x));
    const known = await c.query<{ id: string; external_id: string }>(
      'SELECT id, external_id FROM programs WHERE run_id = $1 AND external_id = ANY($2::text[])',
      [runId, parentExt],
    );
    const idOf = new Map(known.rows.map((r) => [r.external_id, r.id]));
    const ordered = canonicalOrder(programs);
    for (const o of ordered) idOf.set(o.item.externalId, crypto.randomUUID());
    const rows = new RowSets();
    const blobs = new BlobSet();
    let seq = base;
    for (const o of ordered) {
      const p = o.item;
      rows.add(p, { id: idOf.get(p.externalId)!, runId, seq: seq++, iteration: o.effectiveIteration }, (ext) => idOf.get(ext) ?? null, blobs);
    }
    await rows.write(c, blobs);
    const resolved = await c.query(
      `UPDATE edges e SET parent_id = p.id FROM programs p
       WHERE e.run_id = $1 AND e.parent_id IS NULL AND p.run_id = $1 AND p.external_id = e.parent_external_id
         AND p.external_id = ANY($2::text[])`,
      [runId, [...batchIds]],
    );
    await c.query(
      `UPDATE context_refs r SET ref_program_id = p.id FROM programs p
       WHERE r.run_id = $1 AND r.ref_program_id IS NULL AND p.run_id = $1 AND p.external_id = r.ref_external_id
         AND p.external_id = ANY($2::text[])`,
      [runId, [...batchIds]],
    );
    const newMetricKeys = new Set(programs.flatMap((p) => Object.keys(p.metrics).filter((k) => typeof p.metrics[k] === 'number')));
    // Headline figures, recomputed from the stored rows (indexed by run): always consistent.
    const agg = await c.query<{ program_count: number }>(
      `WITH s AS (
         SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT valid AND evaluated AND NOT rejected)::int AS bad,
                count(*) FILTER (WHERE NOT evaluated AND NOT rejected)::int AS unevaluated,
                count(*) FILTER (WHERE rejected)::int AS rejected,
                count(DISTINCT island)::int AS islands, max(iteration) AS last_it
         FROM programs WHERE run_id = $1),
       -- Rejected programs are stored invalid (rows.ts): never the best.
       b AS (
         SELECT id, score, iteration FROM programs WHERE run_id = $1 AND valid AND score IS NOT NULL
         ORDER BY CASE WHEN $2 THEN -score ELSE score END, seq LIMIT 1),
       k AS (SELECT ARRAY(SELECT DISTINCT x FROM unnest(r.metric_keys || $3::text[]) x ORDER BY 1) AS keys FROM runs r WHERE r.id = $1)
       UPDATE runs SET program_count = s.n, invalid_count = s.bad, unevaluated_count = s.unevaluated, rejected_count = s.rejected, island_count = s.islands, last_iteration = s.last_it,
         edge_count = (SELECT count(*) FROM edges WHERE run_id = $1),
         best_program_id = (SELECT id FROM b), best_score = (SELECT score FROM b), best_iteration = (SELECT iteration FROM b),
         metric_keys = k.keys, import_report = coalesce($4::jsonb, runs.import_report), updated_at = now()
       FROM s, k WHERE runs.id = $1 RETURNING program_count`,
      [runId, run.rows[0].higher_is_better, [...newMetricKeys], report && jsonb(report)],
    );
    await refreshRunCost(runId, c);
    return { stored: programs.length, programCount: agg.rows[0].program_count, ghostParentsResolved: resolved.rowCount ?? 0 };
  });
}

/**
 * Appends database snapshots, events, counters and config to a live run's search state, under
 * the same row lock as program batches (so renumbering by moment never interleaves).
 */
export async function appendLiveSearchState(runId: string, input: SearchStateInput) {
  const state = parseSearchState(input, 'state')!;
  return inTransaction(async (c) => {
    const run = await c.query<{ status: string }>('SELECT status FROM runs WHERE id = $1 FOR UPDATE', [runId]);
    if (!run.rows.length) throw new AppendError(404, 'run not found');
    if (run.rows[0].status !== 'live') throw new AppendError(409, `run is ${run.rows[0].status}, not live: its search state can no longer be added to`);
    const stored = await appendSearchState(c, runId, state);
    await refreshRunCost(runId, c);
    await c.query('UPDATE runs SET updated_at = now() WHERE id = $1', [runId]);
    return stored;
  });
}

/** The run's import report with the iteration-from-position warning counting `more` records. */
function withIterationWarning(report: { warnings?: ImportWarning[] } | null, more: number) {
  const warnings = report?.warnings ?? [];
  const before = warnings.find((w) => w.code === 'iteration-from-position')?.count ?? 0;
  return {
    ...report,
    warnings: [...warnings.filter((w) => w.code !== 'iteration-from-position'), iterationFromPositionWarning(before + more)],
  };
}

/** Ends live ingestion: the run is complete and its analyses can be final. */
export async function finishLiveRun(runId: string): Promise<boolean> {
  return inTransaction(async (c) => {
    const r = await c.query(`UPDATE runs SET status = 'ready', updated_at = now() WHERE id = $1 AND status = 'live'`, [runId]);
    // Its programs are final now: an import of the same data later is told it repeats this run.
    if (r.rowCount) await storeProgramsDigests(c, [runId]);
    return (r.rowCount ?? 0) > 0;
  });
}
