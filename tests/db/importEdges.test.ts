// Edges are written with their child's batch when the parent is already stored, and after the
// last batch otherwise (a parent later in canonical order: a resumed run's restarted counter).
// Every edge lands either way, pointing at the right parent; a parent not in the run keeps its
// external id with no parent row.
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

useTestDatabase();

it('stores every edge of a 2,500-program run, parents in earlier, the same and later batches', async () => {
  const parentOf = (i: number) => (i === 0 ? null : i === 10 ? 2400 : i === 20 ? 'ghost' : i - 1);
  const run: ImportedRun = {
    run: { name: 'edges across batches', framework: 'custom', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: Array.from({ length: 2500 }, (_, i) => {
      const parent = parentOf(i);
      return {
        externalId: `p${i}`, code: `x = ${i}\n`, iteration: i, valid: true, score: i, metrics: { score: i },
        parents: parent === null ? [] : [{ externalId: typeof parent === 'number' ? `p${parent}` : parent }],
      };
    }),
  };
  const stored = await storeImportedRun(run);
  const { rows } = await pool().query<{ child: string; parent: string | null; parent_ext: string }>(
    `SELECT c.external_id AS child, p.external_id AS parent, e.parent_external_id AS parent_ext
       FROM edges e JOIN programs c ON c.id = e.child_id LEFT JOIN programs p ON p.id = e.parent_id
      WHERE e.run_id = $1`,
    [stored.runId],
  );
  expect(rows).toHaveLength(2499);
  const byChild = new Map(rows.map((r) => [r.child, r]));
  expect(byChild.get('p10')).toEqual({ child: 'p10', parent: 'p2400', parent_ext: 'p2400' }); // a later batch's parent
  expect(byChild.get('p20')).toEqual({ child: 'p20', parent: null, parent_ext: 'ghost' });
  expect(byChild.get('p1000')).toEqual({ child: 'p1000', parent: 'p999', parent_ext: 'p999' }); // the batch before
  expect(byChild.get('p1500')).toEqual({ child: 'p1500', parent: 'p1499', parent_ext: 'p1499' });
});
