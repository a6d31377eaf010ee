// Real archives through the CLI, as the runs list then shows them: the FunSearch export's 33
// runs are one import group; Shinka's generation without results is "not evaluated", stored
// apart from the invalid ones and left out of every valid-only measure.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { listPrograms } from '../../lib/db/programs';
import { computeBestSoFarForRun } from '../../lib/db/analyses';
import { listRuns } from '../../lib/db/runList';
import { getRun } from '../../lib/db/runs';
import { realRunsDir, runCli } from '../helpers/cli';

const REAL = realRunsDir();
const imported: string[] = [];

beforeAll(async () => {
  expect(fs.existsSync(REAL), `real runs missing at ${REAL}`).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [imported]);
  await disconnect();
});

async function importJson(folder: string) {
  const r = await runCli(['import', path.join(REAL, folder), '--again', '--json']);
  expect(r.code, r.stderr).toBe(0);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { runId: string; name: string });
  imported.push(...rows.map((x) => x.runId));
  return rows;
}

it('groups the 33 runs of the FunSearch export under their import', async () => {
  const rows = await importJson('funsearch__lumi-a__funsearch__json-data');
  expect(rows).toHaveLength(33);
  const jobs = await pool().query<{ import_job_id: string }>('SELECT DISTINCT import_job_id FROM runs WHERE id = ANY($1::uuid[])', [rows.map((r) => r.runId)]);
  expect(jobs.rows).toHaveLength(1);
  const list = await listRuns({ limit: 100, framework: 'funsearch' });
  const group = list.groups.find((g) => g.id === jobs.rows[0].import_job_id);
  expect(group?.sourceName).toBe('funsearch__lumi-a__funsearch__json-data');
  expect([...group!.runIds].sort()).toEqual(rows.map((r) => r.runId).sort());
});

it('shows Shinka\'s gen_4 (no results) as not evaluated, not invalid, and keeps it out of valid-only measures', async () => {
  const [{ runId }] = await importJson('shinka__UT-AiInfra__cuco__ds-v3-moe');
  const run = await getRun(runId);
  expect(run).toMatchObject({ programCount: 18, invalidCount: 2, unevaluatedCount: 1, validShare: 15 / 18 });
  const page = await listPrograms(runId, { limit: 100, offset: 0, sort: 'seq' });
  const status = Object.fromEntries(page!.programs.filter((p) => !p.valid).map((p) => [p.externalId, p.evaluated ? 'invalid' : 'not evaluated']));
  expect(status).toEqual({ gen_4: 'not evaluated', gen_12: 'invalid', gen_15: 'invalid' });

  // Valid-only measures: gen_4 is never a best-so-far point, whatever the analysis.
  await computeBestSoFarForRun(runId);
  const gen4 = await pool().query<{ id: string }>(`SELECT id FROM programs WHERE run_id = $1 AND external_id = 'gen_4'`, [runId]);
  const curve = await pool().query<{ result: unknown }>(`SELECT result FROM analyses WHERE run_id = $1 AND kind = 'best-so-far'`, [runId]);
  expect(curve.rows.length).toBeGreaterThan(0);
  for (const r of curve.rows) {
    expect(JSON.stringify(r.result)).not.toContain('gen_4');
    expect(JSON.stringify(r.result)).not.toContain(gen4.rows[0].id);
  }
});
