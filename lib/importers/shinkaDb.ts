// ShinkaEvolve's program database (evolution_db.sqlite, programs.sqlite in upstream versions),
// read with sql.js: SQLite compiled to WebAssembly, so no native module and no network. sql.js
// opens a database from a byte array, hence the size cap: the file is read into memory once.
//
// Schema read (shinka/database/dbase.py; a few forks name the table `repos`):
//   programs(id, code, language, parent_id, archive_inspiration_ids JSON, top_k_inspiration_ids
//     JSON, generation, timestamp REAL seconds, code_diff, combined_score, public_metrics JSON,
//     private_metrics JSON, text_feedback, complexity, correct 0/1, children_count, metadata JSON,
//     migration_history JSON [{generation, from, to, timestamp}], island_idx, system_prompt_id,
//     embedding_pca_2d JSON, embedding_pca_3d JSON, embedding_cluster_id; `embedding` itself is
//     never read: a 1,536-float vector per program that no analysis here uses)
//   archive(program_id | repo_id)        metadata_store(key, value)
//   attempt_log(id, generation, stage, status, details JSON, created_at REAL)   (current runner:
//     every proposal attempt, failed ones included; read whole, in id order)
//   generation_event_log(id, generation, status, source_job_id, details JSON, created_at REAL)
//   system_prompts(id, prompt_text, name, description, parent_id, generation, program_generation,
//     patch_type, timestamp, program_count, correct_program_count, total_percentile, fitness,
//     program_scores JSON, repo_ids JSON, metadata JSON) + prompt_archive(prompt_id): the prompt
//     archive of meta-prompt evolution (shinka/database/prompt_dbase.py), in this file or its own
//     (readShinkaPromptDb)
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from 'sql.js';
import { formatBytes, InputError } from '../files/errors';
import { ImportError } from '../trace/schema';
import { parsePythonJson } from './pythonJson';

/** Largest database read into memory. */
export const MAX_DB_BYTES = 1024 ** 3;

type Json = Record<string, unknown>;

export interface ShinkaDbProgram {
  id: string;
  code: string | null;
  language: string | null;
  parentId: string | null;
  archiveInspirationIds: string[];
  topKInspirationIds: string[];
  generation: number | null;
  timestamp: number | null;
  codeDiff: string | null;
  combinedScore: number | null;
  publicMetrics: Json | null;
  privateMetrics: Json | null;
  textFeedback: string | null;
  correct: boolean | null;
  complexity: number | null;
  childrenCount: number | null;
  metadata: Json;
  migrationHistory: Json[];
  islandIdx: number | null;
  systemPromptId: string | null;
  embeddingPca2d: number[] | null;
  embeddingPca3d: number[] | null;
  embeddingClusterId: number | null;
  inArchive: boolean;
}

/** One row of attempt_log or generation_event_log, details parsed. */
export interface ShinkaLogRow {
  id: number | null;
  generation: number | null;
  stage?: string | null;
  status: string | null;
  sourceJobId?: string | null;
  details: unknown;
  createdAt: number | null;
}

/** One system prompt of the prompt archive (meta-prompt evolution). */
export type ShinkaPrompt = Record<string, unknown> & { id: string; inArchive: boolean };

export interface ShinkaDb {
  table: string;
  programs: ShinkaDbProgram[];
  /** metadata_store: best_program_id, last_iteration, ... */
  store: Record<string, string | null>;
  /** attempt_log rows (null: the table does not exist, an older runner). */
  attemptLog: ShinkaLogRow[] | null;
  /** generation_event_log rows (null: the table does not exist). */
  generationEvents: ShinkaLogRow[] | null;
  /** system_prompts rows when this file holds the prompt archive (null otherwise). */
  prompts: ShinkaPrompt[] | null;
}

export type DbLoad = { kind: 'ok'; db: ShinkaDb } | { kind: 'unusable'; reason: string };

let sqlJs: Promise<SqlJsStatic> | null = null;

function wasmDir(): string {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('sql.js'));
  } catch {
    return path.resolve('node_modules/sql.js/dist');
  }
}

function loadSqlJs(): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const dir = wasmDir();
    sqlJs = initSqlJs({ locateFile: (f) => path.join(dir, f) }).catch((e: unknown) => {
      sqlJs = null;
      throw e;
    });
  }
  return sqlJs;
}

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const WANTED = [
  'id', 'code', 'language', 'parent_id', 'archive_inspiration_ids', 'top_k_inspiration_ids', 'generation',
  'timestamp', 'code_diff', 'combined_score', 'public_metrics', 'private_metrics', 'text_feedback',
  'complexity', 'correct', 'children_count', 'metadata', 'migration_history', 'island_idx', 'system_prompt_id',
  'embedding_pca_2d', 'embedding_pca_3d', 'embedding_cluster_id',
];

const str = (v: SqlValue | undefined) => (typeof v === 'string' ? v : null);
const num = (v: SqlValue | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: SqlValue | undefined) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function rows(db: Database, sql: string): Record<string, SqlValue>[] {
  const stmt = db.prepare(sql);
  try {
    const out: Record<string, SqlValue>[] = [];
    while (stmt.step()) out.push(stmt.getAsObject());
    return out;
  } finally {
    stmt.free();
  }
}

/**
 * The database opened, or why not. The size is checked with stat before a byte is read: sql.js
 * holds the whole file in memory (a 2 GB file would be read whole, then copied into WASM).
 */
async function openDb(abs: string, rel: string, maxBytes: number): Promise<{ db: Database } | { unusable: string }> {
  const { size } = await fs.stat(abs);
  if (size > maxBytes) {
    throw new InputError('value-too-large', `database is ${formatBytes(size)}, above the ${formatBytes(maxBytes)} limit for reading it into memory`, { file: rel });
  }
  const bytes = await fs.readFile(abs);
  if (bytes.length < 100 || !bytes.subarray(0, 16).equals(MAGIC)) {
    return { unusable: `${rel} is not an SQLite database (${formatBytes(bytes.length)}; e.g. a Git LFS pointer or an unfinished copy)` };
  }
  // Shinka writes in WAL mode (header bytes 18/19 = 2); sql.js reads such a file as it is, but
  // only the main file: a -wal file next to it is not merged (shinka.ts warns about it).
  const SQL = await loadSqlJs();
  try {
    return { db: new SQL.Database(bytes) };
  } catch (e) {
    throw new ImportError(`cannot open the SQLite database: ${(e as Error).message}`, rel);
  }
}

const tablesOf = (db: Database) => new Set(rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)));
const columnsOf = (db: Database, table: string) => new Set(rows(db, `PRAGMA table_info(${table})`).map((r) => String(r.name)));

/** A JSON text column, parsed; the text itself when it is not JSON (never a failed import). */
function jsonOrText(v: SqlValue | undefined): unknown {
  if (typeof v !== 'string' || v === '') return v ?? null;
  try {
    return parsePythonJson(v);
  } catch {
    return v;
  }
}

function logRows(db: Database, table: string, tables: Set<string>): ShinkaLogRow[] | null {
  if (!tables.has(table)) return null;
  const cols = columnsOf(db, table);
  const order = cols.has('id') ? ' ORDER BY id' : '';
  return rows(db, `SELECT * FROM ${table}${order}`).map((r) => ({
    id: int(r.id),
    generation: int(r.generation),
    ...(cols.has('stage') ? { stage: str(r.stage) } : {}),
    status: str(r.status),
    ...(cols.has('source_job_id') ? { sourceJobId: str(r.source_job_id) } : {}),
    details: jsonOrText(r.details),
    createdAt: num(r.created_at),
  }));
}

const PROMPT_JSON = new Set(['program_scores', 'repo_ids', 'metadata']);

function promptRows(db: Database, tables: Set<string>): ShinkaPrompt[] | null {
  if (!tables.has('system_prompts')) return null;
  const archived = new Set<string>();
  if (tables.has('prompt_archive')) for (const r of rows(db, 'SELECT prompt_id FROM prompt_archive')) if (typeof r.prompt_id === 'string') archived.add(r.prompt_id);
  const order = columnsOf(db, 'system_prompts').has('generation') ? ' ORDER BY generation' : '';
  return rows(db, `SELECT * FROM system_prompts${order}`).flatMap((r) => {
    const id = str(r.id);
    if (!id) return [];
    const out: ShinkaPrompt = { id, inArchive: archived.has(id) };
    for (const [k, v] of Object.entries(r)) if (k !== 'id') out[k] = PROMPT_JSON.has(k) ? jsonOrText(v) : v;
    return [out];
  });
}

/** The prompt archive of a separate prompt database (null: the file holds none). */
export async function readShinkaPromptDb(abs: string, rel: string, maxBytes = MAX_DB_BYTES): Promise<ShinkaPrompt[] | null> {
  const opened = await openDb(abs, rel, maxBytes);
  if ('unusable' in opened) return null;
  try {
    return promptRows(opened.db, tablesOf(opened.db));
  } catch (e) {
    throw new ImportError(`cannot read the prompt database: ${(e as Error).message}`, rel);
  } finally {
    opened.db.close();
  }
}

export async function readShinkaDb(abs: string, rel: string, maxBytes = MAX_DB_BYTES): Promise<DbLoad> {
  const opened = await openDb(abs, rel, maxBytes);
  if ('unusable' in opened) return { kind: 'unusable', reason: opened.unusable };
  const { db } = opened;
  try {
    const tables = tablesOf(db);
    const table = ['programs', 'repos'].find((t) => tables.has(t));
    if (!table) return { kind: 'unusable', reason: `${rel} has no "programs" table: not a ShinkaEvolve database` };
    const columns = columnsOf(db, table);
    if (!columns.has('id')) return { kind: 'unusable', reason: `${rel}: table ${table} has no "id" column` };
    const select = WANTED.filter((c) => columns.has(c)).join(', ');

    const inArchive = new Set<string>();
    if (tables.has('archive')) {
      const archiveCols = new Set(rows(db, 'PRAGMA table_info(archive)').map((r) => String(r.name)));
      const col = ['program_id', 'repo_id'].find((c) => archiveCols.has(c));
      if (col) for (const r of rows(db, `SELECT ${col} AS id FROM archive`)) if (typeof r.id === 'string') inArchive.add(r.id);
    }
    const store: Record<string, string | null> = {};
    if (tables.has('metadata_store')) {
      for (const r of rows(db, 'SELECT key, value FROM metadata_store')) store[String(r.key)] = r.value == null ? null : String(r.value);
    }

    const programs = rows(db, `SELECT ${select} FROM ${table} ORDER BY generation, timestamp`).map((r) => {
      const id = str(r.id) ?? (typeof r.id === 'number' ? String(r.id) : null);
      if (!id) throw new ImportError(`a row of table ${table} has no id`, rel);
      const json = (col: string): unknown => {
        const v = r[col];
        if (typeof v !== 'string' || v === '') return null;
        try {
          return parsePythonJson(v);
        } catch (e) {
          throw new ImportError(`program ${id}: column ${col} is not valid JSON (${(e as Error).message})`, rel);
        }
      };
      const obj = (col: string) => {
        const v = json(col);
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
      };
      const ids = (col: string) => {
        const v = json(col);
        return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
      };
      const history = json('migration_history');
      const floats = (col: string) => {
        const v = json(col);
        return Array.isArray(v) && v.length && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (v as number[]) : null;
      };
      return {
        id,
        code: str(r.code),
        language: str(r.language),
        parentId: str(r.parent_id) || null,
        archiveInspirationIds: ids('archive_inspiration_ids'),
        topKInspirationIds: ids('top_k_inspiration_ids'),
        generation: int(r.generation),
        timestamp: num(r.timestamp),
        codeDiff: str(r.code_diff),
        combinedScore: typeof r.combined_score === 'number' ? r.combined_score : null,
        publicMetrics: obj('public_metrics'),
        privateMetrics: obj('private_metrics'),
        textFeedback: str(r.text_feedback) || null, // plain text: Shinka joins a list before inserting
        correct: r.correct == null ? null : Boolean(r.correct),
        complexity: num(r.complexity),
        childrenCount: int(r.children_count),
        metadata: obj('metadata') ?? {},
        migrationHistory: Array.isArray(history) ? history.filter((h): h is Json => typeof h === 'object' && h !== null) : [],
        islandIdx: int(r.island_idx),
        systemPromptId: str(r.system_prompt_id),
        embeddingPca2d: floats('embedding_pca_2d'),
        embeddingPca3d: floats('embedding_pca_3d'),
        embeddingClusterId: int(r.embedding_cluster_id),
        inArchive: inArchive.has(id),
      } satisfies ShinkaDbProgram;
    });
    const attemptLog = logRows(db, 'attempt_log', tables);
    const generationEvents = logRows(db, 'generation_event_log', tables);
    return { kind: 'ok', db: { table, programs, store, attemptLog, generationEvents, prompts: promptRows(db, tables) } };
  } catch (e) {
    if (e instanceof ImportError || e instanceof InputError) throw e;
    throw new ImportError(`cannot read the SQLite database: ${(e as Error).message}`, rel);
  } finally {
    db.close();
  }
}
