// Complexity in the worker: sources are measured on worker threads and stored by content hash
// (complexity_cache), so a second pass over the same sources, in the same run or another one,
// measures nothing; and the stored evolution report is the one a single thread computes.
import crypto from 'node:crypto';
import os from 'node:os';
import { expect, it } from 'vitest';
import { ANALYSIS } from '../../lib/analysis/reportTypes';
import { initParsers } from '../../lib/analysis/complexity';
import { buildRunReports } from '../../lib/analysis/runReport';
import { syntheticImportedRun } from '../../lib/services/demo/syntheticRun';
import { getAnalysis } from '../../lib/db/analyses';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { computeRunAnalyses, loadAnalysisPrograms, runComplexities } from '../../lib/services/analyses/runAnalyses';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

// Sources no other test stores (the cache is shared by every run in the database): 400
// programs, 360 distinct sources (every tenth program repeats the one before it).
const tag = crypto.randomUUID();
const run = (name: string) => syntheticImportedRun(name, 400, { seed: 9, tag, repeatEvery: 10 });

async function store(name: string): Promise<string> {
  const { runId } = await storeImportedRun(run(name));
  runIds.push(runId);
  return runId;
}

it('measures new sources on worker threads once, then reads them from the cache', async () => {
  const runId = await store(`complexity cache ${tag}`);
  const loaded = (await loadAnalysisPrograms(runId))!;
  const first = await runComplexities(loaded);
  expect(first.stats).toMatchObject({ sources: 360, cached: 0, computed: 360, threads: Math.min(4, os.availableParallelism()) });
  const second = await runComplexities(loaded);
  expect(second.stats).toEqual({ sources: 360, cached: 360, computed: 0, threads: 0, incremental: 0 });
  const rows = await pool().query('SELECT count(*)::int AS n FROM complexity_cache WHERE blob_sha256 = ANY($1::char(64)[])', [[...new Set(loaded.codeSha.values())]]);
  expect(rows.rows[0].n).toBe(360);

  // Another run holding the same sources measures nothing either.
  const other = (await loadAnalysisPrograms(await store(`complexity cache again ${tag}`)))!;
  expect((await runComplexities(other)).stats).toMatchObject({ cached: 360, computed: 0 });
});

it('stores the evolution report a single thread computes', async () => {
  const runId = runIds[0];
  expect(await computeRunAnalyses(runId)).toMatchObject({ complexity: { sources: 360, cached: 360, computed: 0 } });
  const stored = await getAnalysis(runId, ANALYSIS.evolution);
  const loaded = (await loadAnalysisPrograms(runId))!;
  await initParsers();
  const local = buildRunReports(loaded.programs, {
    higherIsBetter: true,
    effectiveIteration: (p) => loaded.effective.get(p.id) ?? 0,
  });
  expect(stored).toEqual(JSON.parse(JSON.stringify(local.evolution)));
});
