// Reads a run's stored search state (lib/db/searchStateRows.ts) for the database page.
import type { SearchStateResponse, SnapshotResponse } from '../contracts/api/searchStateSchemas';
import { pool } from './client';

const at = (r: { iteration: number | null; timestamp: number | null; stored: number | null }) => ({
  iteration: r.iteration, timestamp: r.timestamp, stored: r.stored,
});

/** The overview: config, missing, island lanes per snapshot, events, counters; null: no such run. */
export async function getSearchState(runId: string): Promise<SearchStateResponse | null> {
  const db = pool();
  const run = await db.query<{ config: SearchStateResponse['config']; missing: SearchStateResponse['missing'] | null }>(
    'SELECT search_config AS config, search_missing AS missing FROM runs WHERE id = $1',
    [runId],
  );
  if (!run.rows.length) return null;
  const [snapshots, events, counters] = await Promise.all([
    // Lanes only: membership lists, clusters and feature maps stay in the database.
    db.query(
      `SELECT seq, kind, iteration, "timestamp", stored,
              coalesce((SELECT jsonb_agg(jsonb_build_object(
                 'island', x->'island', 'size', x->'size', 'bestScore', x->'bestScore', 'bestProgram', x->'bestProgram',
                 'temperature', x->'temperature',
                 'clusters', CASE WHEN jsonb_typeof(x->'clusters') = 'array' THEN jsonb_array_length(x->'clusters') END,
                 'featureCells', CASE WHEN jsonb_typeof(x->'featureMap') = 'object' THEN (SELECT count(*) FROM jsonb_object_keys(x->'featureMap')) END)
               ORDER BY (x->>'island')::int) FROM jsonb_array_elements(islands) x), '[]'::jsonb) AS islands
       FROM search_snapshots WHERE run_id = $1 ORDER BY seq`,
      [runId],
    ),
    db.query(
      `SELECT seq, kind, iteration, "timestamp", stored, island, other_island, program, source
       FROM search_events WHERE run_id = $1 ORDER BY seq`,
      [runId],
    ),
    db.query(`SELECT seq, iteration, "timestamp", stored, "values" FROM search_counters WHERE run_id = $1 ORDER BY seq`, [runId]),
  ]);
  const lane = (i: Record<string, unknown>) => ({
    island: i.island as number,
    size: (i.size as number | undefined) ?? null,
    bestScore: typeof i.bestScore === 'number' ? i.bestScore : null,
    bestProgram: (i.bestProgram as string | undefined) ?? null,
    temperature: typeof i.temperature === 'number' ? i.temperature : null,
    clusters: (i.clusters as number | undefined) ?? null,
    featureCells: (i.featureCells as number | undefined) ?? null,
  });
  return {
    config: run.rows[0].config ?? null,
    missing: run.rows[0].missing ?? {},
    snapshots: snapshots.rows.map((r) => ({ seq: r.seq, kind: r.kind, at: at(r), islands: (r.islands as Record<string, unknown>[]).map(lane) })),
    events: events.rows.map((r) => ({
      seq: r.seq, kind: r.kind, at: at(r), island: r.island, otherIsland: r.other_island, program: r.program, source: r.source,
    })),
    counters: counters.rows.map((r) => ({ seq: r.seq, at: at(r), values: r.values })),
  };
}

/** One snapshot with its islands whole (members, clusters, feature maps); null: no such run or seq. */
export async function getSearchSnapshot(runId: string, seq: number): Promise<SnapshotResponse | null> {
  const db = pool();
  const { rows } = await db.query(
    `SELECT seq, kind, iteration, "timestamp", stored, islands, extra FROM search_snapshots WHERE run_id = $1 AND seq = $2`,
    [runId, seq],
  );
  if (!rows.length) return null;
  const r = rows[0];
  const islands = r.islands as SnapshotResponse['islands'];
  const named = new Set<string>();
  for (const i of islands) {
    if (i.bestProgram) named.add(i.bestProgram);
    for (const p of i.programs ?? []) named.add(p);
    for (const c of i.clusters ?? []) for (const p of c.programs) named.add(p);
    for (const p of Object.values(i.featureMap ?? {})) named.add(p);
  }
  // char_length: code points, the length FunSearch's within-cluster preference compares.
  const ids = await db.query<{ id: string; external_id: string; length: number }>(
    `SELECT p.id, p.external_id, char_length(b.content) AS length
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
      WHERE p.run_id = $1 AND p.external_id = ANY($2::text[])`,
    [runId, [...named]],
  );
  return {
    seq: r.seq, kind: r.kind, at: at(r), islands, extra: r.extra ?? null,
    programIds: Object.fromEntries(ids.rows.map((x) => [x.external_id, x.id])),
    programLengths: Object.fromEntries(ids.rows.map((x) => [x.external_id, Number(x.length)])),
  };
}
