// A blind review samples only edits that change the source (issue 24: a sampled edit whose
// child equals its parent leaves the reviewer nothing to label).
import { describe, expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { reviewCandidates } from '../../lib/db/reviewCandidates';
import type { ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

describe('review candidates', () => {
  it('leave out edits whose child has the same source as its parent', async () => {
    const runId = await createLiveRun({ name: 'identical edits', framework: 'custom', scoreMetric: 'score', language: 'python' } as Parameters<typeof createLiveRun>[0]);
    runIds.push(runId);
    // a -> b changes a line; b -> c copies b exactly (a re-evaluation); c -> d changes again.
    const code = { a: 'x = 1\n', b: 'x = 2\n', c: 'x = 2\n', d: 'x = 2\ny = 3\n' };
    const programs = (['a', 'b', 'c', 'd'] as const).map((id, i) => ({
      externalId: id,
      code: code[id],
      iteration: i,
      valid: true,
      score: i,
      metrics: { score: i },
      parents: i === 0 ? [] : [{ externalId: ['a', 'b', 'c', 'd'][i - 1] }],
    })) as ProgramRecord[];
    await appendPrograms(runId, programs);
    const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
    const name = new Map(rows.map((r) => [r.id, r.external_id]));
    const got = await reviewCandidates(runId, null);
    expect(got.map((c) => `${name.get(c.parentId)}->${name.get(c.childId)}`)).toEqual(['a->b', 'c->d']);
  });
});
