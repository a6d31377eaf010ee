// `evoscope env attach` through the real CLI: an imported run gets an OpenEvolve-style
// evaluator of our own making (tests/fixtures/evaluators/openevolve-sum), and a program stored
// in the run is re-scored with it in the real sandbox (public and private test set), giving the
// metrics that evaluator computes for that program's source.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { listEvaluators, loadEvaluator } from '../../lib/db/evaluators';
import { evaluateProgram } from '../../lib/sandbox/evaluators/evaluate';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-envattach-'));
const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures', 'evaluators');
const runIds: string[] = [];

useTestDatabase({ runIds, after: () => fs.rmSync(tmp, { recursive: true, force: true }) });

/** A run whose program i returns [i, i + 1, 0.5] from solve(). */
async function importRun() {
  const name = `envattach-${tag}`;
  const lines = [JSON.stringify({ evoscope_run: { name, framework: 'custom', language: 'python', score_metric: 'combined_score' } })];
  for (let i = 0; i < 4; i++) {
    const code = `# ${tag}\ndef solve():\n    return [${i}, ${i + 1}, 0.5]\n`;
    lines.push(JSON.stringify({ id: `p${i}`, code, iteration: i, parent_ids: i ? [`p${i - 1}`] : [], metrics: { combined_score: i } }));
  }
  const file = path.join(tmp, 'run.jsonl');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  // Called by two tests: the second stores the same run again.
  const res = await runCli(['import', file, '--again', '--json']);
  expect(res.code, res.stderr).toBe(0);
  const runId = JSON.parse(res.stdout.trim()).runId as string;
  runIds.push(runId);
  return runId;
}

it('attaches an evaluator folder with a private set, then re-scores a stored program with it', async () => {
  const runId = await importRun();
  const res = await runCli(['env', 'attach', runId, path.join(fixtures, 'openevolve-sum'), '--private', path.join(fixtures, 'openevolve-sum-private'), '--timeout', '20', '--json']);
  expect(res.code, res.stderr).toBe(0);
  const out = JSON.parse(res.stdout.trim());
  expect(out).toMatchObject({ runId, version: 1, contract: 'openevolve', entry: 'evaluator.py', programFile: 'program.py', files: 2, privateFiles: 1, timeoutSeconds: 20 });
  expect((await listEvaluators(pool(), runId))[0]).toMatchObject({ origin: 'cli', version: 1 });

  const bundle = await loadEvaluator(pool(), runId);
  const { rows } = await pool().query<{ content: string }>(
    `SELECT b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 AND p.external_id = 'p2'`,
    [runId],
  );
  const program = { source: rows[0].content, language: 'python' };
  // [2, 3, 0.5] . [1, 2, 3] = 9.5 on the public weights; . [10, 0, -1] = 19.5 on the private ones.
  const pub = await evaluateProgram(bundle!, program);
  expect(pub, pub.message ?? pub.stderr).toMatchObject({ status: 'ok', score: 9.5, metrics: { combined_score: 9.5, count: 3, maximum: 3 }, testSet: 'public' });
  const priv = await evaluateProgram(bundle!, program, { testSet: 'private' });
  expect(priv).toMatchObject({ status: 'ok', score: 19.5, testSet: 'private' });

  // A second attach is version 2; the first stays loadable.
  const again = await runCli(['env', 'attach', runId, path.join(fixtures, 'openevolve-sum'), '--json']);
  expect(JSON.parse(again.stdout.trim()).version).toBe(2);
  expect((await loadEvaluator(pool(), runId, 1))!.privateFiles).toBeDefined();
  expect((await loadEvaluator(pool(), runId))!.privateFiles).toBeUndefined();
});

it('refuses a folder with a link, an unknown run and a folder without an evaluator, exit 1, naming the cause', async () => {
  const runId = await importRun();
  const linked = path.join(tmp, 'linked');
  fs.cpSync(path.join(fixtures, 'openevolve-sum'), linked, { recursive: true });
  fs.symlinkSync('/etc/hostname', path.join(linked, 'host'));
  const link = await runCli(['env', 'attach', runId, linked, '--json']);
  expect(link.code).toBe(1);
  expect(link.stderr).toMatch(/evaluator file host is a symbolic link/);
  expect(link.stdout).toBe('');

  const noRun = await runCli(['env', 'attach', crypto.randomUUID(), path.join(fixtures, 'openevolve-sum')]);
  expect(noRun.code).toBe(1);
  expect(noRun.stderr).toMatch(/no run/);

  const bare = path.join(tmp, 'bare');
  fs.mkdirSync(bare);
  fs.writeFileSync(path.join(bare, 'score.py'), 'print(1)\n');
  const none = await runCli(['env', 'attach', runId, bare]);
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/give a --command template/);
  const usage = await runCli(['env', 'attach', runId]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('env attach needs <runId> <dir>');
  expect(usage.stderr).toContain('env attach <runId> <dir> [--command CMD] [--private DIR]');

  // The same folder with a command template is accepted.
  const cmd = await runCli(['env', 'attach', runId, bare, '--command', 'python3 score.py {program}', '--json']);
  expect(cmd.code, cmd.stderr).toBe(0);
  expect(JSON.parse(cmd.stdout.trim())).toMatchObject({ contract: 'command', command: 'python3 score.py {program}', version: 1 });
  expect(await listEvaluators(pool(), runId)).toHaveLength(1);
});
