// Stored reports: numbers JSON cannot carry (NaN, ±Infinity, from empty or degenerate series)
// are stored as null, wherever they sit in the report.
import { expect, it } from 'vitest';
import { getAnalysis, putAnalysis } from '../../lib/db/analyses';
import { storeImportedRun } from '../../lib/db/importRun';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

it('stores non-finite numbers as null, at any depth', async () => {
  const { runId } = await storeImportedRun({
    run: { name: 'put analysis', framework: 'openevolve', scoreMetric: 'score', language: 'python', sourceKind: 'generated' },
    programs: [{ externalId: 'a', code: 'x = 1\n', language: 'python', iteration: 0, valid: true, score: 1, metrics: { score: 1 }, parents: [] }],
    warnings: [],
    stats: {},
  });
  runIds.push(runId);
  await putAnalysis(runId, 'test-kind', '', { slope: NaN, rows: [{ share: Infinity, n: 2 }, -Infinity], nested: { x: { y: NaN } }, ok: 0.5 });
  expect(await getAnalysis(runId, 'test-kind')).toEqual({ slope: null, rows: [{ share: null, n: 2 }, null], nested: { x: { y: null } }, ok: 0.5 });
});
