// Writes ImportedRuns into the trace store. All runs of one import share ONE transaction on
// one pooled pg client, so an import either lands whole or leaves the database as it was.
// Rows go in batches through unnest() arrays (lib/db/rows.ts): Prisma's createMany would be
// one round trip per model and cannot share blobs with ON CONFLICT DO NOTHING. Program ids are
// fresh uuids per import, so importing the same directory twice gives two independent runs
// that share only their content-addressed blobs, unless the caller asks to refuse such a
// duplicate (`duplicates: 'refuse'`, duplicateRuns.ts): then, once the programs are written, the
// runs' programs digests are compared with the stored runs' inside the same transaction, and a
// match rolls it all back with a DuplicateRunError naming the stored runs.
//
// Each run is validated (validateImport.ts) and prepared before the transaction
// (prepareImportedRun.ts), its programs written a batch at a time (writeProgramBatches.ts);
// storedRunsOfImport.ts reads back the runs an earlier attempt of the same import stored.
import crypto from 'node:crypto';
import type { ImportedRun } from '../trace/schema';
import { pool } from './client';
import { refuseDuplicates, type DuplicatePolicy } from './duplicateRuns';
import { addTime, reportTimings, timed } from './importTimings';
import { prepareImportedRun } from './prepareImportedRun';
import { storeProgramsDigests } from './programsDigest';
import { clean, inTransaction } from './rows';
import { storedRunsOfImport, type StoredRunSummary } from './storedRunsOfImport';

const ANALYZE_AFTER = 2000;
const IMPORT_LOCK_CLASS = 727_101; // advisory lock (class, hashtext(import id)) while an import stores

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
  /**
   * 'refuse': throw DuplicateRunError (storing nothing) when a run's programs are those of a
   * stored run. The user-facing imports ask for it; by default a duplicate is stored like any run.
   */
  duplicates?: DuplicatePolicy;
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
    prepareImportedRun(r, { name: imported.length === 1 ? opts.name : undefined, format: opts.format, importJobId }),
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
    const digests = await storeProgramsDigests(client, prepared.map((p) => p.summary.runId));
    if (opts.duplicates === 'refuse') await refuseDuplicates(client, digests);
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

export async function storeImportedRun(imported: ImportedRun, opts: StoreOptions = {}): Promise<StoredRunSummary> {
  const [summary] = await storeImportedRuns([imported], opts);
  return summary;
}
