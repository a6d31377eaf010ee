// Row-building helpers shared by every writer of the trace store (imports, live ingestion):
// text cleaning, jsonb encoding, content-addressed blobs and batched unnest() inserts.
import type { Column } from './copyRows';
import crypto from 'node:crypto';
import type pg from 'pg';
import type { z } from 'zod';
import { splitCodeCopies } from '../trace/codeCopies';
import { componentsText, splitComponents } from '../trace/components';
import type { programRecordSchema } from '../trace/schema';
import { pool } from './client';
import { arrayLiteral, copyRows } from './copyRows';
import { addTime, TIMINGS_ON, timed } from './importTimings';

const BATCH_ROWS = 1000;
/** From this many rows a table is written with COPY (copyRows.ts); fewer go through one unnest()
 *  statement (a live batch of a few programs: no COPY round trips, no staging table). */
export const COPY_AFTER = 64;
const BATCH_BYTES = 16 << 20; // keeps one statement's parameters well under memory limits

/** PostgreSQL text and jsonb cannot hold U+0000; it becomes U+FFFD before hashing or storing. */
export const clean = (s: string) => (s.includes('\u0000') ? s.replaceAll('\u0000', '\uFFFD') : s);
export const cleanOpt = (s: string | null | undefined) => (s == null ? null : clean(s));

/** JSON for a jsonb column. Non-finite numbers (NaN, -Infinity: real failed scores) are kept as
 *  strings, since JSON has no spelling for them and null would hide what the source said. */
export function jsonb(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  // A replacer function makes JSON.stringify several times slower (it was most of the time spent
  // building a 100k-program import's rows): without one when nothing needs replacing. A U+0000
  // anywhere shows in the output as \u0000 (a false alarm only takes the slow path).
  if (finiteAndPlain(v, 0)) {
    const fast = JSON.stringify(v);
    if (!fast.includes('\\u0000')) return fast;
  }
  return JSON.stringify(v, (_k, x) =>
    typeof x === 'number' && !Number.isFinite(x) ? String(x) : typeof x === 'string' ? clean(x) : x,
  );
}

/** No non-finite number and nothing with its own toJSON (Date, Buffer) at any depth. */
function finiteAndPlain(v: unknown, depth: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'object' || v === null) return true;
  if (depth > 64 || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(v)) {
    for (const x of v) if (!finiteAndPlain(x, depth + 1)) return false;
    return true;
  }
  for (const k in v) if (!finiteAndPlain((v as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

/** Lines of a text (a last line without newline counts; the empty text has none). */
export function lineCount(s: string): number {
  if (s === '') return 0;
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return s.endsWith('\n') ? n : n + 1;
}

/** Content-addressed texts of one import, keyed by sha256 of their (cleaned) UTF-8 text. */
export class BlobSet {
  readonly byHash = new Map<string, string>();
  add(text: string): string;
  add(text: string | null | undefined): string | null;
  add(text: string | null | undefined): string | null {
    if (text == null) return null;
    const t = TIMINGS_ON ? performance.now() : 0;
    const content = clean(text);
    const sha = crypto.createHash('sha256').update(content, 'utf8').digest('hex');
    if (TIMINGS_ON) addTime('hash', t);
    this.byHash.set(sha, content);
    return sha;
  }
}

/** INSERT ... SELECT FROM unnest(...) in batches of rows (each row: one value per column). */
export async function insertRows(
  client: pg.PoolClient,
  table: string,
  columns: Column[],
  rows: unknown[][],
  opts: { suffix?: string; sizeOf?: (row: unknown[]) => number; afterBatch?: (n: number) => void } = {},
) {
  if (!opts.suffix && rows.length >= COPY_AFTER) {
    await copyRows(client, table, columns, rows);
    opts.afterBatch?.(rows.length);
    return;
  }
  const names = columns.map((c) => c[0]).join(', ');
  // unnest() flattens arrays of arrays: an array column travels as its literal text, cast back.
  const isArray = columns.map((c) => c[1].endsWith('[]'));
  const params = columns.map((c, i) => (isArray[i] ? `$${i + 1}::text[]` : `$${i + 1}::${c[1]}[]`)).join(', ');
  const select = columns.map((c, i) => (isArray[i] ? `u.c${i}::${c[1]}` : `u.c${i}`)).join(', ');
  const alias = columns.map((_, i) => `c${i}`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${params}) AS u(${alias}) ${opts.suffix ?? ''}`;
  const value = (r: unknown[], i: number) => (isArray[i] && Array.isArray(r[i]) ? arrayLiteral(r[i] as unknown[]) : r[i]);
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let bytes = 0;
    while (end < rows.length && end - start < BATCH_ROWS && (end === start || bytes < BATCH_BYTES)) {
      bytes += opts.sizeOf?.(rows[end]) ?? 0;
      end++;
    }
    const batch = rows.slice(start, end);
    await client.query(sql, columns.map((_, i) => batch.map((r) => value(r, i))));
    start = end;
    opts.afterBatch?.(end);
  }
}


export const PROGRAM_COLUMNS: Column[] = [
  ['id', 'uuid'], ['run_id', 'uuid'], ['external_id', 'text'], ['code_sha', 'text'], ['language', 'text'],
  ['iteration', 'int'], ['raw_iteration', 'int'], ['generation', 'int'], ['timestamp', 'float8'], ['seq', 'int'], ['island', 'int'],
  ['valid', 'bool'], ['invalid_reason', 'text'], ['score', 'float8'], ['metrics', 'jsonb'], ['metadata', 'jsonb'],
  ['lines', 'int'], ['is_migrant', 'bool'], ['parent_count', 'int'], ['evaluated', 'bool'],
  ['scores_per_test', 'jsonb'], ['output_hash', 'text'], ['metadata_code_keys', 'text[]'],
  ['model', 'text'], ['operator', 'text'], ['prompt_tokens', 'float8'], ['completion_tokens', 'float8'], ['cost', 'float8'],
  ['rejected', 'bool'], ['component_names', 'text[]'],
];
export const EDGE_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['parent_id', 'uuid'], ['parent_external_id', 'text'], ['child_id', 'uuid'], ['operator', 'text'], ['ordinal', 'int'],
];
export const EVALUATION_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['program_id', 'uuid'], ['status', 'text'], ['output', 'text'], ['errors', 'text'], ['timing_ms', 'float8'],
  ['public_metrics', 'jsonb'], ['private_metrics', 'jsonb'], ['artifacts', 'jsonb'], ['feedback', 'text'],
];
export const CONTEXT_REF_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['program_id', 'uuid'], ['ref_program_id', 'uuid'], ['ref_external_id', 'text'], ['label', 'text'], ['ordinal', 'int'],
];
export const CONTEXT_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['program_id', 'uuid'], ['kind', 'text'], ['system_sha', 'text'], ['user_sha', 'text'],
  ['response_sha', 'text'], ['model', 'text'], ['prompt_tokens', 'int'], ['completion_tokens', 'int'], ['cost', 'float8'], ['extra', 'jsonb'],
];

/** A parsed program record (after programRecordSchema). */
export type ParsedProgram = z.output<typeof programRecordSchema>;

/**
 * The code a program is stored with, and its component names: a components program (GEPA) whose
 * importer left `code` unset gets componentsText(components), so its one text always shows
 * every component (lib/trace/components.ts); the names are read back from that text, in order.
 */
export function programCode(p: Pick<ParsedProgram, 'code' | 'components'>): { code: string; componentNames: string[] | null } {
  if (!p.components) return { code: p.code, componentNames: null };
  const code = splitComponents(p.code) ? p.code : componentsText(p.components);
  return { code, componentNames: splitComponents(code)!.map((c) => c.name) };
}

/** Rows of the five per-program tables, accumulated before a transaction. */
export class RowSets {
  readonly programs: unknown[][] = [];
  readonly edges: unknown[][] = [];
  /** Context refs (not lineage); they name programs that may come later, so are written last. */
  readonly contextRefs: unknown[][] = [];
  readonly evaluations: unknown[][] = [];
  readonly contexts: unknown[][] = [];

  /** Adds one program with its edges (one per distinct parent), evaluation and contexts. */
  add(
    p: ParsedProgram,
    at: { id: string; runId: string; seq: number; iteration: number | null },
    parentId: (externalId: string) => string | null,
    blobs: BlobSet,
  ) {
    const { id, runId } = at;
    const parents = [...new Map(p.parents.map((pa) => [pa.externalId, pa])).values()];
    parents.forEach((pa, ordinal) =>
      this.edges.push([runId, parentId(pa.externalId), clean(pa.externalId), id, cleanOpt(pa.operator), ordinal]),
    );
    // Shown as context, not parents: one row per distinct (program, label), never an edge.
    const refs = [...new Map(p.contextRefs.map((r) => [`${r.externalId}\u0000${r.label ?? ''}`, r])).values()];
    refs.forEach((r, ordinal) =>
      this.contextRefs.push([runId, id, parentId(r.externalId), clean(r.externalId), cleanOpt(r.label), ordinal]),
    );
    const { code, componentNames } = programCode(p);
    // A metadata value repeating the source (`solution`) is stored once, as the code blob.
    const meta = splitCodeCopies(p.metadata, code);
    const o = p.origin;
    this.programs.push([
      id, runId, clean(p.externalId), blobs.add(code), cleanOpt(p.language), at.iteration, p.iteration ?? null,
      // Never evaluated, or rejected by the search, implies not valid, whatever the source said:
      // valid-only measures (best, curves, every analysis) rely on it.
      p.generation ?? null, p.timestamp ?? null, at.seq, p.island ?? null, p.valid && p.evaluated && !p.rejected, cleanOpt(p.invalidReason),
      p.score ?? null, jsonb(p.metrics), jsonb(meta.metadata), lineCount(code), p.isMigrant, parents.length,
      p.evaluated, jsonb(p.scoresPerTest), cleanOpt(p.outputHash), meta.keys?.map(clean) ?? null,
      cleanOpt(o?.model), cleanOpt(o?.operator), o?.promptTokens ?? null, o?.completionTokens ?? null, o?.cost ?? null,
      p.rejected, componentNames?.map(clean) ?? null,
    ]);
    const e = p.evaluation;
    if (e) {
      this.evaluations.push([
        runId, id, clean(e.status), cleanOpt(e.output), cleanOpt(e.errors), e.timingMs ?? null,
        jsonb(e.publicMetrics), jsonb(e.privateMetrics), jsonb(e.artifacts), cleanOpt(e.feedback),
      ]);
    }
    for (const c of p.contexts) {
      this.contexts.push([
        runId, id, cleanOpt(c.kind), blobs.add(c.system), blobs.add(c.user), blobs.add(c.response), cleanOpt(c.model),
        c.promptTokens ?? null, c.completionTokens ?? null, c.cost ?? null, jsonb(c.extra),
      ]);
    }
  }

  /** Writes the rows (blobs first; they are referenced by programs and contexts). A writer that
   *  stores programs in batches passes edges: false and writes edges and context refs after the last. */
  async write(client: pg.PoolClient, blobs: BlobSet, opts: { onPrograms?: (n: number) => void; edges?: boolean } = {}) {
    await writeBlobs(client, blobs);
    await insertRows(client, 'programs', PROGRAM_COLUMNS, this.programs, {
      sizeOf: (r) => [14, 15, 20].reduce((s, i) => s + ((r[i] as string | null)?.length ?? 0), 0),
      afterBatch: opts.onPrograms,
    });
    // Edges reference programs: a writer storing programs in batches writes them after the last.
    if (opts.edges !== false) {
      await insertRows(client, 'edges', EDGE_COLUMNS, this.edges);
      await insertRows(client, 'context_refs', CONTEXT_REF_COLUMNS, this.contextRefs);
    }
    await insertRows(client, 'evaluations', EVALUATION_COLUMNS, this.evaluations, {
      sizeOf: (r) => [3, 4, 8].reduce((s, i) => s + ((r[i] as string | null)?.length ?? 0), 0),
    });
    await insertRows(client, 'contexts', CONTEXT_COLUMNS, this.contexts);
  }
}

/**
 * Advisory lock between writers of blob references (shared) and run deletion's removal of
 * unreferenced blobs (exclusive, lib/db/runEdit.ts): without it a delete could remove a blob
 * that a concurrent import found already stored and is about to reference.
 */
export const BLOB_GC_LOCK = 727_012;

const BLOB_COLUMNS: Column[] = [['sha256', 'text'], ['content', 'text'], ['bytes', 'int'], ['lines', 'int']];

/** Sorted by hash: concurrent writers then lock shared blob keys in the same order (no deadlock).
 *  Must run inside the transaction that writes the references (it holds BLOB_GC_LOCK until then).
 *  Many blobs go through COPY into a temporary table, then into blobs with ON CONFLICT DO NOTHING
 *  (COPY itself cannot skip a blob another import stored already). */
export async function writeBlobs(client: pg.PoolClient, blobs: BlobSet) {
  await client.query('SELECT pg_advisory_xact_lock_shared($1)', [BLOB_GC_LOCK]);
  const rows = [...blobs.byHash]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([sha, content]) => [sha, content, Buffer.byteLength(content, 'utf8'), lineCount(content)]);
  if (rows.length < COPY_AFTER) {
    await insertRows(client, 'blobs', BLOB_COLUMNS, rows, { suffix: 'ON CONFLICT (sha256) DO NOTHING', sizeOf: (r) => r[2] as number });
    return;
  }
  // Dropped at the end of the transaction; emptied after each use. Its content column compresses
  // as blobs.content does (lz4 where the server has it): a compressed value moves into blobs as
  // it is, so each source is compressed once, by the COPY.
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS blobs_incoming (LIKE blobs INCLUDING COMPRESSION) ON COMMIT DROP`);
  await copyRows(client, 'blobs_incoming', BLOB_COLUMNS, rows);
  await timed('blobs staged into blobs', async () => {
    await client.query(
      `INSERT INTO blobs (sha256, content, bytes, lines) SELECT sha256, content, bytes, lines FROM blobs_incoming ORDER BY sha256
       ON CONFLICT (sha256) DO NOTHING`,
    );
    await client.query('TRUNCATE blobs_incoming');
  });
}

/** Runs `fn` in a transaction on one pooled client: it commits whole or rolls back whole. */
export async function inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}
