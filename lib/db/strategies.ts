// EvoX's co-evolved search strategies (SkyDiscover search/iteration_N), one row per strategy
// iteration, code as a blob: written with the run (importRun.ts), read by the strategy page.
import type pg from 'pg';
import type { z } from 'zod';
import type { strategyRecordSchema } from '../trace/schema';
import { pool } from './client';
import { type BlobSet, insertRows, jsonb } from './rows';
import type { Column } from './copyRows';

type ParsedStrategy = z.output<typeof strategyRecordSchema>;

const STRATEGY_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['iteration', 'int'], ['code_sha', 'text'], ['score', 'float8'], ['is_new_best', 'bool'], ['fallback', 'bool'],
  ['active_from', 'int'], ['active_to', 'int'], ['metadata', 'jsonb'], ['prompts', 'jsonb'], ['failed_attempts', 'jsonb'],
];

/** Rows (without the run id, known only in the transaction) with their code added to `blobs`. */
export function strategyRows(strategies: ParsedStrategy[], blobs: BlobSet): unknown[][] {
  return strategies.map((s) => [
    s.iteration, blobs.add(s.code), s.score ?? null, s.isNewBest ?? null, s.fallback ?? null, s.activeFrom ?? null,
    s.activeTo ?? null, jsonb(s.metadata), jsonb(s.prompts), jsonb(s.failedAttempts),
  ]);
}

/** Inside the import's transaction, after its blobs are written. */
export async function writeStrategies(client: pg.PoolClient, runId: string, rows: unknown[][]) {
  await insertRows(client, 'strategies', STRATEGY_COLUMNS, rows.map((r) => [runId, ...r]));
}

/** One strategy as the page reads it. */
export interface StoredStrategy {
  iteration: number;
  code: string;
  score: number | null;
  isNewBest: boolean | null;
  fallback: boolean | null;
  activeFrom: number | null;
  activeTo: number | null;
  metadata: unknown;
  prompts: unknown;
  failedAttempts: unknown;
}

/** The run's strategies by iteration, with their code (a run has tens of them, not thousands). */
export async function runStrategies(runId: string): Promise<StoredStrategy[]> {
  const { rows } = await pool().query(
    `SELECT s.iteration, b.content AS code, s.score, s.is_new_best, s.fallback, s.active_from, s.active_to,
            s.metadata, s.prompts, s.failed_attempts
       FROM strategies s JOIN blobs b ON b.sha256 = s.code_sha
      WHERE s.run_id = $1 ORDER BY s.iteration`,
    [runId],
  );
  return rows.map((r) => ({
    iteration: r.iteration, code: r.code, score: r.score, isNewBest: r.is_new_best, fallback: r.fallback,
    activeFrom: r.active_from, activeTo: r.active_to, metadata: r.metadata, prompts: r.prompts, failedAttempts: r.failed_attempts,
  }));
}

/** Whether the run has strategies (the run's nav links the page only then). */
export async function runHasStrategies(runId: string): Promise<boolean> {
  const { rowCount } = await pool().query('SELECT 1 FROM strategies WHERE run_id = $1 LIMIT 1', [runId]);
  return (rowCount ?? 0) > 0;
}

/** The strategy page's data: null when the run does not exist. */
export async function runStrategiesOf(runId: string): Promise<{ lastIteration: number | null; strategies: StoredStrategy[] } | null> {
  const { rows } = await pool().query<{ last_iteration: number | null }>('SELECT last_iteration FROM runs WHERE id = $1', [runId]);
  if (!rows.length) return null;
  return { lastIteration: rows[0].last_iteration, strategies: await runStrategies(runId) };
}
