// Evaluators attached to runs (the `evaluators` table): versioned per run, files stored
// content-addressed in `blobs` like sources. Blob.content is text, so a file that is not UTF-8
// text (a pickled model, an .npy array) is stored as its base64 text, and its entry in the files
// map says so with a `base64:` prefix before the sha256 (lib/db/runEdit.ts strips it when it
// looks for blobs still in use).
import crypto from 'node:crypto';
import type pg from 'pg';
import { checkFileSet, checkProgramFile, EvaluatorInputError } from '../sandbox/evaluators/files';
import type { EvaluatorBundle, EvaluatorContract } from '../contracts/evaluatorTypes';
import { BlobSet, cleanOpt, jsonb, writeBlobs } from './rows';

/** Memory limit of an evaluation when nobody said (the evaluators table's default). */
export const DEFAULT_EVALUATOR_MEMORY_MB = 2048;

export type EvaluatorOrigin = 'archive' | 'upload' | 'cli' | 'demo';
export const EVALUATOR_CONTRACTS: EvaluatorContract[] = ['openevolve', 'shinka', 'command'];

export interface AttachEvaluatorInput {
  contract: EvaluatorContract;
  /** evaluator.py / evaluate.py; for 'command', null. */
  entry?: string | null;
  /** 'command': the template with {program}. */
  command?: string | null;
  programFile: string;
  files: Record<string, Buffer>;
  privateFiles?: Record<string, Buffer> | null;
  timeoutSeconds: number;
  memoryMb: number;
  origin: EvaluatorOrigin;
  dependencies?: unknown;
  notes?: string | null;
  /** OpenEvolve's cascade as the run's config set it (EvaluatorBundle.cascade). */
  cascade?: { enabled: boolean; thresholds: number[] } | null;
}

/** A pool (attachEvaluator opens its own transaction) or a client inside the caller's transaction. */
type Db = pg.Pool | pg.PoolClient;

const BASE64 = 'base64:';
/** Serialises version numbering of one run's evaluators (class, hashtext(run id)). */
const EVALUATOR_LOCK_CLASS = 727_113;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Stored as text when it round-trips: valid UTF-8 without NUL (which PostgreSQL text refuses). */
function isText(b: Buffer) {
  if (b.includes(0)) return false;
  try {
    strictUtf8.decode(b);
    return true;
  } catch {
    return false;
  }
}

function addFiles(blobs: BlobSet, files: Record<string, Buffer>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, content] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    out[p] = isText(content) ? blobs.add(content.toString('utf8')) : BASE64 + blobs.add(content.toString('base64'));
  }
  return out;
}

export function validateAttachInput(input: AttachEvaluatorInput) {
  if (!EVALUATOR_CONTRACTS.includes(input.contract)) throw new EvaluatorInputError(`unknown evaluator contract '${input.contract}'`);
  checkProgramFile(input.programFile);
  checkFileSet(input.files, 'evaluator');
  if (input.privateFiles) checkFileSet(input.privateFiles, 'private test set');
  if (input.contract === 'command') {
    if (!input.command?.trim()) throw new EvaluatorInputError("a 'command' evaluator needs a command template");
    if (!/\{(program|binary)\}/.test(input.command)) {
      throw new EvaluatorInputError('the command template must contain {program} (or {binary}: the C/C++ candidate compiled by Evoscope)');
    }
  } else {
    const entry = input.entry ?? (input.contract === 'openevolve' ? 'evaluator.py' : 'evaluate.py');
    if (!input.files[entry]) throw new EvaluatorInputError(`the evaluator has no ${entry}`);
  }
  const th = input.cascade?.thresholds;
  if (th && (!th.length || th.some((t) => !Number.isFinite(t)))) throw new EvaluatorInputError('cascade thresholds must be a non-empty list of numbers');
  if (!(input.timeoutSeconds > 0 && input.timeoutSeconds <= 24 * 3600)) throw new EvaluatorInputError('timeout must be between 0 and 86400 seconds');
  if (!(Number.isInteger(input.memoryMb) && input.memoryMb >= 64 && input.memoryMb <= 65536)) {
    throw new EvaluatorInputError('memory must be a whole number of MB between 64 and 65536');
  }
}

/** Stores a new version of the run's evaluator (previous version + 1) in one transaction. */
export async function attachEvaluator(db: Db, runId: string, input: AttachEvaluatorInput): Promise<{ id: string; version: number }> {
  validateAttachInput(input);
  const blobs = new BlobSet();
  const files = addFiles(blobs, input.files);
  const privateFiles = input.privateFiles && Object.keys(input.privateFiles).length ? addFiles(blobs, input.privateFiles) : null;
  const write = async (c: pg.PoolClient) => {
    await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EVALUATOR_LOCK_CLASS, runId]);
    // KEY SHARE before the blob lock: a concurrent deleteRun (run row FOR UPDATE, then the blob
    // lock exclusive) then waits for us instead of deadlocking against the insert's FK check.
    const run = await c.query('SELECT 1 FROM runs WHERE id = $1 FOR KEY SHARE', [runId]);
    if (!run.rowCount) throw new EvaluatorInputError(`no run ${runId}`);
    await writeBlobs(c, blobs);
    const { rows } = await c.query<{ id: string; version: number }>(
      `INSERT INTO evaluators (id, run_id, version, contract, entry, command, program_file, files, private_files,
         timeout_seconds, memory_mb, dependencies, origin, notes, settings)
       SELECT $13, $1, coalesce(max(version), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14 FROM evaluators WHERE run_id = $1
       RETURNING id, version`,
      [
        runId, input.contract, input.contract === 'command' ? null : (input.entry ?? (input.contract === 'openevolve' ? 'evaluator.py' : 'evaluate.py')),
        cleanOpt(input.contract === 'command' ? input.command : null), input.programFile, jsonb(files), jsonb(privateFiles),
        input.timeoutSeconds, input.memoryMb, jsonb(input.dependencies), input.origin, cleanOpt(input.notes), crypto.randomUUID(),
        jsonb(input.cascade ? { cascade: input.cascade } : null),
      ],
    );
    return rows[0];
  };
  // A client is inside its caller's transaction (an import's); a pool gets its own.
  if ('release' in db) return write(db);
  return inTransactionOn(db, write);
}

async function inTransactionOn<T>(p: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await p.connect();
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

interface EvaluatorRow {
  id: string;
  version: number;
  contract: EvaluatorContract;
  entry: string | null;
  command: string | null;
  program_file: string;
  files: Record<string, string>;
  private_files: Record<string, string> | null;
  timeout_seconds: number;
  memory_mb: number;
  origin: EvaluatorOrigin;
  notes: string | null;
  settings: { cascade?: { enabled: boolean; thresholds: number[] } } | null;
  created_at: Date;
}

const shaOf = (ref: string) => (ref.startsWith(BASE64) ? ref.slice(BASE64.length) : ref);

async function loadFiles(db: Db, refs: Record<string, string>): Promise<Record<string, Buffer>> {
  const shas = [...new Set(Object.values(refs).map(shaOf))];
  const { rows } = await db.query<{ sha256: string; content: string }>('SELECT sha256, content FROM blobs WHERE sha256 = ANY($1)', [shas]);
  const byHash = new Map(rows.map((r) => [r.sha256, r.content]));
  const out: Record<string, Buffer> = {};
  for (const [p, ref] of Object.entries(refs)) {
    const text = byHash.get(shaOf(ref));
    if (text === undefined) throw new Error(`evaluator file ${p}: its stored content (${shaOf(ref).slice(0, 12)}) is missing`);
    out[p] = ref.startsWith(BASE64) ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  }
  return out;
}

export type StoredEvaluator = EvaluatorBundle & { id: string; version: number };

/** The run's evaluator (the latest version, or the one asked for) with its files, or null. */
export async function loadEvaluator(db: Db, runId: string, version?: number): Promise<StoredEvaluator | null> {
  const { rows } = await db.query<EvaluatorRow>(
    `SELECT * FROM evaluators WHERE run_id = $1 ${version == null ? '' : 'AND version = $2'} ORDER BY version DESC LIMIT 1`,
    version == null ? [runId] : [runId, version],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    version: r.version,
    contract: r.contract,
    ...(r.entry ? { entry: r.entry } : {}),
    ...(r.command ? { command: r.command } : {}),
    programFile: r.program_file,
    files: await loadFiles(db, r.files),
    ...(r.private_files ? { privateFiles: await loadFiles(db, r.private_files) } : {}),
    timeoutSeconds: r.timeout_seconds,
    memoryMb: r.memory_mb,
    ...(r.settings?.cascade ? { cascade: r.settings.cascade } : {}),
  };
}

export interface EvaluatorSummary {
  id: string;
  version: number;
  contract: EvaluatorContract;
  entry: string | null;
  command: string | null;
  programFile: string;
  files: { path: string; bytes: number; binary: boolean }[];
  privateFiles: { path: string; bytes: number; binary: boolean }[] | null;
  timeoutSeconds: number;
  memoryMb: number;
  origin: EvaluatorOrigin;
  notes: string | null;
  cascade: { enabled: boolean; thresholds: number[] } | null;
  createdAt: string;
}

/** Every version of the run's evaluator, newest first, with file sizes (not contents). */
export async function listEvaluators(db: Db, runId: string): Promise<EvaluatorSummary[]> {
  const { rows } = await db.query<EvaluatorRow>('SELECT * FROM evaluators WHERE run_id = $1 ORDER BY version DESC', [runId]);
  const shas = [...new Set(rows.flatMap((r) => [...Object.values(r.files), ...Object.values(r.private_files ?? {})]).map(shaOf))];
  // Sizes without reading contents; a base64 blob's size is its decoded length (its padding
  // '=' characters read from the text's last two).
  const sizes = new Map(
    (await db.query<{ sha256: string; bytes: number; tail: string }>('SELECT sha256, bytes, right(content, 2) AS tail FROM blobs WHERE sha256 = ANY($1)', [shas]))
      .rows.map((b) => [b.sha256, b]),
  );
  const list = (refs: Record<string, string>) =>
    Object.entries(refs)
      .map(([p, ref]) => {
        const blob = sizes.get(shaOf(ref));
        const binary = ref.startsWith(BASE64);
        const pad = blob?.tail.endsWith('==') ? 2 : blob?.tail.endsWith('=') ? 1 : 0;
        const bytes = !blob ? 0 : binary ? (blob.bytes / 4) * 3 - pad : blob.bytes;
        return { path: p, bytes, binary };
      })
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    contract: r.contract,
    entry: r.entry,
    command: r.command,
    programFile: r.program_file,
    files: list(r.files),
    privateFiles: r.private_files ? list(r.private_files) : null,
    timeoutSeconds: r.timeout_seconds,
    memoryMb: r.memory_mb,
    origin: r.origin,
    notes: r.notes,
    cascade: r.settings?.cascade ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}
