// "Compare against" on the diff page (lib/db/programs.ts resolveProgramRef): an exact source id
// or uuid, else a unique prefix of either; several matches are reported, not guessed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { resolveProgramRef } from '../../lib/db/programs';
import type { ProgramRecord } from '../../lib/trace/schema';

const prog = (id: string, iteration: number): ProgramRecord => ({
  externalId: id,
  code: `x = ${iteration}\n`,
  iteration,
  valid: true,
  score: iteration,
  metrics: { score: iteration },
  parents: [],
});

let runId = '';
const ids = new Map<string, string>();
beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  runId = await createLiveRun({ name: 'program ref test', framework: 'custom', scoreMetric: 'score' });
  await appendPrograms(runId, [
    prog('alpha-1', 0), prog('alpha-2', 1), prog('beta_%', 2), prog('gamma', 3),
    ...[1, 2, 3, 4, 5].map((i) => prog(`delta-${i}`, 3 + i)),
    ...[1, 2, 3, 4, 5, 6].map((i) => prog(`eps-${i}`, 8 + i)),
  ]);
  const { rows } = await pool().query('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  for (const r of rows) ids.set(r.external_id, r.id);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
  await disconnect();
});

describe('resolveProgramRef', () => {
  it('takes exact ids first, then unique prefixes of source ids and uuids', async () => {
    expect(await resolveProgramRef(runId, 'gamma')).toEqual({ id: ids.get('gamma') });
    expect(await resolveProgramRef(runId, ids.get('alpha-2')!)).toEqual({ id: ids.get('alpha-2') });
    expect(await resolveProgramRef(runId, ids.get('alpha-2')!.toUpperCase())).toEqual({ id: ids.get('alpha-2') });
    expect(await resolveProgramRef(runId, 'gam')).toEqual({ id: ids.get('gamma') });
    expect(await resolveProgramRef(runId, ids.get('gamma')!.slice(0, 13))).toEqual({ id: ids.get('gamma') });
  });

  it('reports an ambiguous prefix with the source ids it matches, in seq order', async () => {
    expect(await resolveProgramRef(runId, 'alpha')).toEqual({ ambiguous: ['alpha-1', 'alpha-2'], more: false });
  });

  it('lists at most five matches and says whether there are more', async () => {
    expect(await resolveProgramRef(runId, 'delta')).toEqual({ ambiguous: ['delta-1', 'delta-2', 'delta-3', 'delta-4', 'delta-5'], more: false });
    expect(await resolveProgramRef(runId, 'eps')).toEqual({ ambiguous: ['eps-1', 'eps-2', 'eps-3', 'eps-4', 'eps-5'], more: true });
  });

  it('treats LIKE wildcards literally and finds nothing for an unknown reference', async () => {
    expect(await resolveProgramRef(runId, 'beta_')).toEqual({ id: ids.get('beta_%') });
    expect(await resolveProgramRef(runId, '%')).toBeNull();
    expect(await resolveProgramRef(runId, 'zeta')).toBeNull();
  });
});
