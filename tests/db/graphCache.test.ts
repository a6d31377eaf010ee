// The worker's cached lineage graph (graph_cache) is served while the run is unchanged and
// ignored as soon as programs are appended, so the explorer never shows a stale graph.
import { expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { getRunGraphJson } from '../../lib/db/graph';
import { computeRunAnalyses } from '../../lib/services/analyses/runAnalyses';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

const prog = (id: string, it: number, parents: string[] = []) => ({
  externalId: id,
  code: `x = ${it}\n`,
  iteration: it,
  valid: true,
  score: it,
  metrics: { score: it },
  parents: parents.map((externalId) => ({ externalId })),
});

it('serves the cached graph while the run is unchanged, the live one after an append', async () => {
  const runId = await createLiveRun({ name: 'graph cache test', framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [prog('a', 0), prog('b', 1, ['a'])]);
  await computeRunAnalyses(runId);
  const cached = await pool().query('SELECT program_count FROM graph_cache WHERE run_id = $1', [runId]);
  expect(cached.rows).toEqual([{ program_count: 2 }]);

  // Mark the cached copy, to see whether it is what the route reads.
  await pool().query(`UPDATE graph_cache SET json = jsonb_set(json::jsonb, '{cachedMarker}', 'true')::text WHERE run_id = $1`, [runId]);
  const hit = JSON.parse((await getRunGraphJson(runId))!);
  expect(hit.cachedMarker).toBe(true);
  expect(hit.externalIds).toEqual(['a', 'b']);

  await appendPrograms(runId, [prog('c', 2, ['b'])]);
  const miss = JSON.parse((await getRunGraphJson(runId))!);
  expect(miss.cachedMarker).toBeUndefined();
  expect(miss.externalIds).toEqual(['a', 'b', 'c']);
});
