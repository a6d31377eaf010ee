// Writes one ImportedRun into the trace store. Everything happens in ONE transaction on one
// pooled pg client, so an import either lands whole or leaves the database as it was. Rows go
// in batches through unnest() arrays (one statement per ~1000 rows, whatever the run size):
// Prisma's createMany would be one round trip per model and cannot share blobs with
// ON CONFLICT DO NOTHING. Program ids are fresh uuids per import, so importing the same
// directory twice gives two independent runs that share only their content-addressed blobs.
import crypto from 'node:crypto';
import type pg from 'pg';
import { canonicalOrder } from '../trace/order';
import {
  ImportError,
  programRecordSchema,
  runRecordSchema,
  type ImportedRun,
  type ImportWarning,
} from '../trace/schema';
import { pool } from './client';

export interface StoredRunSummary {
  runId: string;
  name: string;
  format: string;
  programs: number;
  edges: number;
  invalidPrograms: number;
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
  onProgress?: (stored: number, total: number) => void;
}

const BATCH_ROWS = 1000;
const BATCH_BYTES = 16 << 20; // keeps one statement's parameters well under memory limits

/** PostgreSQL text and jsonb cannot hold U+0000; it becomes U+FFFD before hashing or storing. */
const clean = (s: string) => (s.includes('\u0000') ? s.replaceAll('\u0000', '\uFFFD') : s);
const cleanOpt = (s: string | null | undefined) => (s == null ? null : clean(s));

/** JSON for a jsonb column. Non-finite numbers (NaN, -Infinity: real failed scores) are kept as
 *  strings, since JSON has no spelling for them and null would hide what the source said. */
function jsonb(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return JSON.stringify(v, (_k, x) =>
    typeof x === 'number' && !Number.isFinite(x) ? String(x) : typeof x === 'string' ? clean(x) : x,
  );
}

const lineCount = (s: string) => (s === '' ? 0 : s.split('\n').length - (s.endsWith('\n') ? 1 : 0));

/** Content-addressed texts of one import, keyed by sha256 of their (cleaned) UTF-8 text. */
class BlobSet {
  readonly byHash = new Map<string, string>();
  add(text: string): string;
  add(text: string | null | undefined): string | null;
  add(text: string | null | undefined): string | null {
    if (text == null) return null;
    const content = clean(text);
    const sha = crypto.createHash('sha256').update(content, 'utf8').digest('hex');
    this.byHash.set(sha, content);
    return sha;
  }
}

type Column = [name: string, pgType: string];

/** INSERT ... SELECT FROM unnest(...) in batches of rows (each row: one value per column). */
async function insertRows(
  client: pg.PoolClient,
  table: string,
  columns: Column[],
  rows: unknown[][],
  opts: { suffix?: string; sizeOf?: (row: unknown[]) => number; afterBatch?: (n: number) => void } = {},
) {
  const names = columns.map((c) => c[0]).join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params}) ${opts.suffix ?? ''}`;
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let bytes = 0;
    while (end < rows.length && end - start < BATCH_ROWS && (end === start || bytes < BATCH_BYTES)) {
      bytes += opts.sizeOf?.(rows[end]) ?? 0;
      end++;
    }
    const batch = rows.slice(start, end);
    await client.query(sql, columns.map((_, i) => batch.map((r) => r[i])));
    start = end;
    opts.afterBatch?.(end);
  }
}

function validate(imported: ImportedRun) {
  const run = runRecordSchema.safeParse(imported.run);
  if (!run.success) throw new ImportError(`run record: ${run.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  const programs = imported.programs.map((p, i) => {
    const r = programRecordSchema.safeParse(p);
    if (!r.success) {
      const issue = r.error.issues[0];
      const who = typeof p?.externalId === 'string' ? p.externalId : `#${i}`;
      throw new ImportError(`program ${who}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    if (seen.has(r.data.externalId)) throw new ImportError(`program ${r.data.externalId} appears twice`);
    seen.add(r.data.externalId);
    return r.data;
  });
  return { run: run.data, programs };
}

export async function storeImportedRun(imported: ImportedRun, opts: StoreOptions = {}): Promise<StoredRunSummary> {
  const { run, programs } = validate(imported);
  const format = opts.format ?? run.framework;
  const name = clean(opts.name ?? run.name);
  const runId = crypto.randomUUID();
  const ordered = canonicalOrder(programs);
  const idOf = new Map(ordered.map((o) => [o.item.externalId, crypto.randomUUID()]));
  const blobs = new BlobSet();

  // Rows, built before the transaction so it stays short.
  const programRows: unknown[][] = [];
  const edgeRows: unknown[][] = [];
  const evalRows: unknown[][] = [];
  const contextRows: unknown[][] = [];
  const metricKeys = new Set<string>();
  const islands = new Set<number>();
  let best: (typeof ordered)[number] | null = null;
  let invalid = 0;
  let withPrompts = 0;
  let lastIteration: number | null = null;
  const better = (a: number, b: number) => (run.higherIsBetter ? a > b : a < b);

  for (const [seq, o] of ordered.entries()) {
    const p = o.item;
    const id = idOf.get(p.externalId)!;
    const parents = [...new Map(p.parents.map((pa) => [pa.externalId, pa])).values()]; // one edge per parent
    parents.forEach((pa, ordinal) =>
      edgeRows.push([runId, idOf.get(pa.externalId) ?? null, clean(pa.externalId), id, cleanOpt(pa.operator), ordinal]),
    );
    for (const [k, v] of Object.entries(p.metrics)) if (typeof v === 'number') metricKeys.add(k);
    if (p.island != null) islands.add(p.island);
    if (!p.valid) invalid++;
    // Ties keep the earlier program (lower seq): the first to reach the best score.
    if (p.valid && p.score != null && (!best || better(p.score, best.item.score!))) best = o;
    lastIteration = Math.max(lastIteration ?? o.effectiveIteration, o.effectiveIteration);
    programRows.push([
      id, runId, clean(p.externalId), blobs.add(p.code), cleanOpt(p.language), o.effectiveIteration, p.iteration ?? null,
      p.generation ?? null, p.timestamp ?? null, seq, p.island ?? null, p.valid, cleanOpt(p.invalidReason),
      p.score ?? null, jsonb(p.metrics), jsonb(p.metadata), lineCount(p.code), p.isMigrant, parents.length,
    ]);
    const e = p.evaluation;
    if (e) {
      evalRows.push([
        runId, id, clean(e.status), cleanOpt(e.output), cleanOpt(e.errors), e.timingMs ?? null,
        jsonb(e.publicMetrics), jsonb(e.privateMetrics), jsonb(e.artifacts), cleanOpt(e.feedback),
      ]);
    }
    if (p.contexts.length) withPrompts++;
    for (const c of p.contexts) {
      contextRows.push([
        runId, id, cleanOpt(c.kind), blobs.add(c.system), blobs.add(c.user), blobs.add(c.response), cleanOpt(c.model),
        c.promptTokens ?? null, c.completionTokens ?? null, c.cost ?? null, jsonb(c.extra),
      ]);
    }
  }
  const replayFiles = run.replay
    ? Object.fromEntries(Object.entries(run.replay.files).map(([f, text]) => [f, blobs.add(text)]))
    : null;
  const bestFound = best as (typeof ordered)[number] | null;

  // Sorted by hash: concurrent imports then lock shared blob keys in the same order (no deadlock).
  const blobRows = [...blobs.byHash]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([sha, content]) => [sha, content, Buffer.byteLength(content, 'utf8'), lineCount(content)]);

  const client = await pool().connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await insertRows(client, 'blobs', [['sha256', 'text'], ['content', 'text'], ['bytes', 'int'], ['lines', 'int']], blobRows, {
      suffix: 'ON CONFLICT (sha256) DO NOTHING',
      sizeOf: (r) => r[2] as number,
    });
    await client.query(
      `INSERT INTO runs (id, name, framework, task, language, model_config, evaluator_command, budget, config, meta,
         score_metric, higher_is_better, metric_keys, source_kind, source_path, import_report, status,
         program_count, invalid_count, edge_count, island_count, best_score, best_program_id, best_iteration, last_iteration)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,'ready',$17,$18,$19,$20,$21,$22,$23,$24)`,
      [
        runId, name, clean(run.framework), cleanOpt(run.task), cleanOpt(run.language), jsonb(run.modelConfig),
        cleanOpt(run.evaluatorCommand), jsonb(run.budget), jsonb(run.config), jsonb(run.meta), cleanOpt(run.scoreMetric),
        run.higherIsBetter, [...metricKeys].sort().map(clean), run.sourceKind, cleanOpt(run.sourcePath),
        jsonb({ format, warnings: imported.warnings, stats: imported.stats }),
        programRows.length, invalid, edgeRows.length, islands.size, bestFound?.item.score ?? null,
        bestFound ? idOf.get(bestFound.item.externalId) : null, bestFound?.effectiveIteration ?? null, lastIteration,
      ],
    );
    const programColumns: Column[] = [
      ['id', 'uuid'], ['run_id', 'uuid'], ['external_id', 'text'], ['code_sha', 'text'], ['language', 'text'],
      ['iteration', 'int'], ['raw_iteration', 'int'], ['generation', 'int'], ['timestamp', 'float8'], ['seq', 'int'], ['island', 'int'],
      ['valid', 'bool'], ['invalid_reason', 'text'], ['score', 'float8'], ['metrics', 'jsonb'], ['metadata', 'jsonb'],
      ['lines', 'int'], ['is_migrant', 'bool'], ['parent_count', 'int'],
    ];
    await insertRows(client, 'programs', programColumns, programRows, {
      sizeOf: (r) => ((r[14] as string | null)?.length ?? 0) + ((r[15] as string | null)?.length ?? 0),
      afterBatch: (n) => opts.onProgress?.(n, programRows.length),
    });
    await insertRows(client, 'edges', [
      ['run_id', 'uuid'], ['parent_id', 'uuid'], ['parent_external_id', 'text'], ['child_id', 'uuid'], ['operator', 'text'], ['ordinal', 'int'],
    ], edgeRows);
    await insertRows(client, 'evaluations', [
      ['run_id', 'uuid'], ['program_id', 'uuid'], ['status', 'text'], ['output', 'text'], ['errors', 'text'], ['timing_ms', 'float8'],
      ['public_metrics', 'jsonb'], ['private_metrics', 'jsonb'], ['artifacts', 'jsonb'], ['feedback', 'text'],
    ], evalRows, { sizeOf: (r) => [3, 4, 8].reduce((s, i) => s + ((r[i] as string | null)?.length ?? 0), 0) });
    await insertRows(client, 'contexts', [
      ['run_id', 'uuid'], ['program_id', 'uuid'], ['kind', 'text'], ['system_sha', 'text'], ['user_sha', 'text'],
      ['response_sha', 'text'], ['model', 'text'], ['prompt_tokens', 'int'], ['completion_tokens', 'int'], ['cost', 'float8'], ['extra', 'jsonb'],
    ], contextRows);
    if (run.replay) {
      const r = run.replay;
      await client.query(
        `INSERT INTO replay_environments (run_id, evaluator_command, files, dependencies, timeout_seconds, notes)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [runId, cleanOpt(r.evaluatorCommand), jsonb(replayFiles), jsonb(r.dependencies), r.timeoutSeconds ?? null, cleanOpt(r.notes)],
      );
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }

  return {
    runId,
    name,
    format,
    programs: programRows.length,
    edges: edgeRows.length,
    invalidPrograms: invalid,
    prompts: withPrompts,
    islands: islands.size,
    bestProgramExternalId: bestFound?.item.externalId ?? null,
    bestScore: bestFound?.item.score ?? null,
    warnings: imported.warnings,
  };
}
