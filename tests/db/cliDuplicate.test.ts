// `evoscope import` of a run already stored (issue 24, item 2): refused with exit code 1 and a
// message naming the stored run, its import date and source and how to store it anyway, nothing
// stored; with --json one refusal object on stdout; with --again it is stored as a new run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-cli-duplicate-'));
const { runIds } = useTestDatabase({ after: () => fs.rmSync(tmp, { recursive: true, force: true }) });

const counts = async () =>
  (
    await pool().query(
      `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM programs)::int AS programs,
              (SELECT count(*) FROM blobs)::int AS blobs, (SELECT count(*) FROM import_jobs)::int AS imports`,
    )
  ).rows[0];

/** A run of its own (its code names this test's tag), in a folder named `dup-<tag>`. */
function writeRun(): string {
  const dir = path.join(tmp, `dup-${tag}`);
  fs.mkdirSync(dir);
  const lines = [JSON.stringify({ evoscope_run: { name: `cli-dup-${tag}`, framework: 'custom', score_metric: 'score' } })];
  for (let i = 0; i < 5; i++) {
    lines.push(JSON.stringify({ id: `p${i}`, code: `# ${tag}\nx = ${i}\n`, iteration: i, parent_ids: i ? [`p${i - 1}`] : [], metrics: { score: i } }));
  }
  fs.writeFileSync(path.join(dir, 'programs.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

it('refuses a run stored already, naming it and how to store it anyway; --again stores it', async () => {
  const dir = writeRun();
  const first = await runCli(['import', dir, '--json']);
  expect(first.code, first.stderr).toBe(0);
  const stored = JSON.parse(first.stdout.trim()) as { runId: string; name: string };
  runIds.push(stored.runId);
  const { rows } = await pool().query<{ at: Date }>('SELECT imported_at AS at FROM runs WHERE id = $1', [stored.runId]);
  const date = rows[0].at.toISOString().slice(0, 16).replace('T', ' ');
  const before = await counts();

  const refused = await runCli(['import', dir]);
  expect(refused.code, refused.stderr).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toContain(`not imported: this is run cli-dup-${tag} (${stored.runId.slice(0, 8)}), imported on ${date} UTC from command line dup-${tag}`);
  expect(refused.stderr).toContain('Nothing was stored');
  expect(refused.stderr).toContain(`evoscope import ${dir} --again`);
  expect(refused.stderr).toContain(`/runs/${stored.runId}`);

  const json = await runCli(['import', dir, '--json']);
  expect(json.code, json.stderr).toBe(1);
  const lines = json.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toEqual({
    duplicate: true,
    existing: [{ id: stored.runId, name: `cli-dup-${tag}`, importedAt: rows[0].at.toISOString(), programs: 5, origin: `command line dup-${tag}` }],
    message: expect.stringContaining(`this is run cli-dup-${tag}`),
  });
  expect(await counts()).toEqual(before);

  const again = await runCli(['import', dir, '--again', '--json']);
  expect(again.code, again.stderr).toBe(0);
  const second = JSON.parse(again.stdout.trim()) as { runId: string; programs: number };
  runIds.push(second.runId);
  expect(second.runId).not.toBe(stored.runId);
  expect(second.programs).toBe(5);
  expect((await counts()).runs).toBe(before.runs + 1);
});
