// The experiment commands (`evoscope tune`, `replay`, `ablate`) named a run or a program that
// does not exist: each says which one, on stderr, writes nothing on stdout, stores no
// experiment and exits 1. (Unknown program refs the other tests cover: ablate 'nope' in
// ablateExperiment.test.ts, tune best-so-far:9 in tuneExperiment.test.ts.)
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';

const { runIds } = useTestDatabase();
let runId = '';

beforeAll(async () => {
  ({ runId } = await scoredRun('cli experiment refs', [1, 2]));
  runIds.push(runId);
  await attachScoreEvaluator(runId);
}, 120_000);

const experimentsOf = async (id: string) => Number((await pool().query('SELECT count(*) FROM experiments WHERE run_id = $1', [id])).rows[0].count);

describe('tune, replay, ablate with a ref that names nothing', () => {
  for (const command of ['tune', 'replay', 'ablate'] as const) {
    it(`${command}: a run id that does not exist`, { timeout: 60_000 }, async () => {
      const missing = crypto.randomUUID();
      for (const program of ['p1', 'best-so-far:1'].slice(0, command === 'tune' ? 2 : 1)) {
        const res = await runCli([command, missing, program, '--json']);
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toContain(`${command} failed: no run ${missing}`);
        expect(res.stdout).toBe('');
      }
      expect(await experimentsOf(missing)).toBe(0);
    });
  }

  for (const command of ['tune', 'replay'] as const) {
    it(`${command}: a program that is not in the run (by the source's id and by uuid)`, { timeout: 60_000 }, async () => {
      const uuid = crypto.randomUUID();
      for (const program of ['nope', uuid]) {
        const res = await runCli([command, runId, program, '--json']);
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toContain(`${command} failed: no program '${program}' in run ${runId}`);
        expect(res.stdout).toBe('');
      }
      expect(await experimentsOf(runId)).toBe(0);
    });
  }

  it('ablate --parent: a parent that is not in the run', { timeout: 60_000 }, async () => {
    const res = await runCli(['ablate', runId, 'p1', '--parent', 'nope', '--json']);
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toContain(`ablate failed: no program 'nope' in run ${runId}`);
    expect(res.stdout).toBe('');
    expect(await experimentsOf(runId)).toBe(0);
  });
});
