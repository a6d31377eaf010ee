// Writes a run's search state (lib/trace/searchState.ts) into search_snapshots, search_events,
// search_counters and the run's search_config / search_missing. Used by the import (inside the
// run's own transaction: a failed import leaves nothing) and by live ingestion (appended to a
// live run, then the run's rows renumbered so seq stays "order by moment").
import type pg from 'pg';
import { INT4_MAX } from '../trace/pgSafe';
import { ImportError } from '../trace/schema';
import { searchStateSchema, type Moment, type SearchState, type SearchStateInput } from '../trace/searchState';
import { cleanOpt, insertRows, jsonb } from './rows';
import type { Column } from './copyRows';

/** Parses the state at the boundary; the error names the part and the record at fault. */
export function parseSearchState(input: SearchStateInput | undefined, where = 'searchState'): SearchState | null {
  if (input == null) return null;
  const r = searchStateSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ImportError(`${where}.${issue.path.join('.')}: ${issue.message}`);
  }
  // The contract counts stored programs up to 2^53; the columns are int4.
  const moments = [...r.data.snapshots.map((x, i) => ['snapshots', i, x.at] as const), ...r.data.events.map((x, i) => ['events', i, x.at] as const), ...r.data.counters.map((x, i) => ['counters', i, x.at] as const)];
  for (const [part, i, m] of moments) {
    if (m.stored != null && m.stored > INT4_MAX) throw new ImportError(`${where}.${part}.${i}.at.stored: must be at most ${INT4_MAX}`);
  }
  return r.data;
}

/** Absent clocks sort last; two absent ones are equal (Infinity - Infinity would be NaN). */
const cmp = (a: number | null | undefined, b: number | null | undefined) => (a == null ? (b == null ? 0 : 1) : b == null ? -1 : a - b);

/** Order by moment: iteration, then timestamp, then stored (absent clocks last); stable. */
export const compareMoments = (a: Moment, b: Moment) =>
  cmp(a.iteration, b.iteration) || cmp(a.timestamp, b.timestamp) || cmp(a.stored, b.stored);

export function byMoment<T>(items: T[], at: (t: T) => Moment): T[] {
  return items
    .map((item, i) => ({ item, i, m: at(item) }))
    .sort((a, b) => compareMoments(a.m, b.m) || a.i - b.i)
    .map((x) => x.item);
}

const MOMENT_COLUMNS: Column[] = [['iteration', 'int'], ['timestamp', 'float8'], ['stored', 'int']];
const SNAPSHOT_COLUMNS: Column[] = [['run_id', 'uuid'], ['seq', 'int'], ['kind', 'text'], ...MOMENT_COLUMNS, ['islands', 'jsonb'], ['extra', 'jsonb']];
const EVENT_COLUMNS: Column[] = [
  ['run_id', 'uuid'], ['seq', 'int'], ['kind', 'text'], ...MOMENT_COLUMNS, ['island', 'int'], ['other_island', 'int'], ['program', 'text'], ['source', 'text'],
];
const COUNTER_COLUMNS: Column[] = [['run_id', 'uuid'], ['seq', 'int'], ...MOMENT_COLUMNS, ['values', 'jsonb']];

const moment = (m: Moment) => [m.iteration ?? null, m.timestamp ?? null, m.stored ?? null];

/** Rows of the three tables, seq from `base` in moment order. */
export function searchStateRows(runId: string, s: SearchState, base = { snapshots: 0, events: 0, counters: 0 }) {
  const snapshots = byMoment(s.snapshots, (x) => x.at).map((x, i) => [
    runId, base.snapshots + i, x.kind, ...moment(x.at), jsonb(x.islands), jsonb(x.extra ?? null),
  ]);
  const events = byMoment(s.events, (x) => x.at).map((e, i) => [
    runId, base.events + i, e.kind, ...moment(e.at),
    e.kind === 'reset' ? e.island : e.toIsland,
    (e.kind === 'reset' ? e.donorIsland : e.fromIsland) ?? null,
    cleanOpt(e.program), e.kind === 'migration' ? cleanOpt(e.source) : null,
  ]);
  const counters = byMoment(s.counters, (x) => x.at).map((c, i) => [runId, base.counters + i, ...moment(c.at), jsonb(c.values)]);
  return { snapshots, events, counters };
}

const hasConfig = (s: SearchState) => Object.keys(s.config).length > 0;

/** Stores a fresh run's state (the run row exists, in the same transaction). */
export async function writeSearchState(client: pg.PoolClient, runId: string, s: SearchState) {
  const rows = searchStateRows(runId, s);
  await client.query('UPDATE runs SET search_config = $2, search_missing = $3 WHERE id = $1', [
    runId, hasConfig(s) ? jsonb(s.config) : null, Object.keys(s.missing).length ? jsonb(s.missing) : null,
  ]);
  await insertRows(client, 'search_snapshots', SNAPSHOT_COLUMNS, rows.snapshots, { sizeOf: (r) => (r[6] as string).length });
  await insertRows(client, 'search_events', EVENT_COLUMNS, rows.events);
  await insertRows(client, 'search_counters', COUNTER_COLUMNS, rows.counters);
  return { snapshots: rows.snapshots.length, events: rows.events.length, counters: rows.counters.length };
}

const TABLES = ['search_snapshots', 'search_events', 'search_counters'] as const;

/**
 * Appends to a live run's state (caller holds the run's row lock): config and missing are
 * merged key by key (a later value wins), rows are added after the stored ones, then each table
 * is renumbered by moment so that a late snapshot of an earlier iteration takes its place.
 */
export async function appendSearchState(client: pg.PoolClient, runId: string, s: SearchState) {
  const next = await client.query<{ t: string; n: number }>(
    TABLES.map((t) => `SELECT '${t}' AS t, COALESCE(max(seq) + 1, 0)::int AS n FROM ${t} WHERE run_id = $1`).join(' UNION ALL '),
    [runId],
  );
  const base = Object.fromEntries(next.rows.map((r) => [r.t, r.n]));
  const rows = searchStateRows(runId, s, { snapshots: base.search_snapshots, events: base.search_events, counters: base.search_counters });
  if (hasConfig(s) || Object.keys(s.missing).length) {
    await client.query(
      `UPDATE runs SET search_config = CASE WHEN $2::jsonb IS NULL THEN search_config ELSE coalesce(search_config, '{}'::jsonb) || $2::jsonb END,
                       search_missing = CASE WHEN $3::jsonb IS NULL THEN search_missing ELSE coalesce(search_missing, '{}'::jsonb) || $3::jsonb END
       WHERE id = $1`,
      [runId, hasConfig(s) ? jsonb(s.config) : null, Object.keys(s.missing).length ? jsonb(s.missing) : null],
    );
  }
  await insertRows(client, 'search_snapshots', SNAPSHOT_COLUMNS, rows.snapshots);
  await insertRows(client, 'search_events', EVENT_COLUMNS, rows.events);
  await insertRows(client, 'search_counters', COUNTER_COLUMNS, rows.counters);
  const firstNew = {
    search_snapshots: byMoment(s.snapshots, (x) => x.at)[0]?.at,
    search_events: byMoment(s.events, (x) => x.at)[0]?.at,
    search_counters: byMoment(s.counters, (x) => x.at)[0]?.at,
  };
  for (const t of TABLES) {
    // A search streams in order: renumbering (a write of every row) only when a new row's
    // moment comes before the last stored one.
    const first = firstNew[t];
    if (!first || base[t] === 0) continue;
    const last = await client.query<Moment>(`SELECT iteration, "timestamp", stored FROM ${t} WHERE run_id = $1 AND seq = $2`, [runId, base[t] - 1]);
    if (last.rows[0] && compareMoments(last.rows[0], first) > 0) await renumber(client, t, runId);
  }
  return { snapshots: rows.snapshots.length, events: rows.events.length, counters: rows.counters.length };
}

/** seq := position by moment (ties keep arrival order). Two steps: the unique (run_id, seq)
 *  index is checked row by row, so a direct permutation could collide half-way. */
async function renumber(client: pg.PoolClient, table: (typeof TABLES)[number], runId: string) {
  await client.query(
    `UPDATE ${table} t SET seq = -1 - r.n FROM (
       SELECT id, (row_number() OVER (ORDER BY iteration NULLS LAST, "timestamp" NULLS LAST, stored NULLS LAST, seq) - 1)::int AS n
       FROM ${table} WHERE run_id = $1) r
     WHERE t.id = r.id`,
    [runId],
  );
  await client.query(`UPDATE ${table} SET seq = -1 - seq WHERE run_id = $1`, [runId]);
}
