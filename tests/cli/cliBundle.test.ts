// The CLI is built ahead of time (scripts/cliBundle.mjs) and exposed as a `bin`: bootstrap builds
// the bundle, the bundle runs with plain node (no tsx: Node itself refuses .ts files), its lazily
// loaded chunks work (import through Prisma, a ShinkaEvolve run through sql.js's wasm), and a
// source newer than the bundle makes it stale. Each test builds into its own folder under
// .evoscope/ (inside the project, so npm packages resolve from node_modules as they do in use).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { realRunsDir } from '../helpers/cli';

const root = path.resolve(import.meta.dirname, '..', '..');
// .evoscope/ does not exist yet on a fresh clone.
fs.mkdirSync(path.join(root, '.evoscope'), { recursive: true });
const dir = fs.mkdtempSync(path.join(root, '.evoscope', 'test-cli-'));
const env = { ...process.env, EVOSCOPE_CLI_DIR: dir, NODE_OPTIONS: '' };
const imported: string[] = [];

// @ts-expect-error plain JavaScript module without types
const bundle: { freshCliEntry(root: string, dir?: string): string | null; buildCliBundle(root: string, dir?: string): Promise<string> } = await import('../../scripts/cliBundle.mjs');

function run(args: string[]) {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterAll(async () => {
  if (imported.length) await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [imported]);
  await disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the bundled CLI', () => {
  it('is built by bootstrap and answers --help', () => {
    expect(bundle.freshCliEntry(root, dir)).toBeNull();
    const r = run(['scripts/bootstrap.mjs', 'cli', '--', '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('usage: npx evoscope <command>');
    expect(r.stdout).toContain('evotrace: EvoTrace refined layout');
    const entry = bundle.freshCliEntry(root, dir);
    expect(entry).toMatch(/cli-[A-Z0-9]+\.mjs$/);
    const current = JSON.parse(fs.readFileSync(path.join(dir, 'current.json'), 'utf8'));
    expect(current.inputs).toEqual(expect.arrayContaining(['cli/main.ts', 'lib/importers/formatList.ts', 'scripts/cliBundle.mjs']));
  });

  it('runs with plain node, without tsx, straight from the bin of package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({ evoscope: 'bin/evoscope.mjs' });
    const entry = bundle.freshCliEntry(root, dir)!;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/from\s+["'][^"']*\.tsx?["']|["']tsx["']/);
    }
    const direct = run([entry, '--help']);
    expect(direct.code, direct.stderr).toBe(0);
    const viaBin = run([path.join(root, pkg.bin.evoscope), '--help']);
    expect(viaBin.code, viaBin.stderr).toBe(0);
    expect(viaBin.stdout).toBe(direct.stdout);
    expect(viaBin.stderr).toBe(''); // the fresh bundle: nothing rebuilt
  });

  it('loads its chunks on demand: import through Prisma, ShinkaEvolve through sql.js', () => {
    const shinka = path.join(realRunsDir(), 'shinka__UT-AiInfra__cuco__ds-v3-moe');
    const r = run([path.join(root, 'bin', 'evoscope.mjs'), 'import', shinka, '--again', '--json', '--name', `bundle test ${path.basename(dir)}`]);
    expect(r.code, r.stderr).toBe(0);
    const row = JSON.parse(r.stdout.trim());
    imported.push(row.runId);
    expect(row).toMatchObject({ format: 'shinkaevolve', programs: 18, edges: 14, invalidPrograms: 2, unevaluatedPrograms: 1 });
    const analyzed = run([path.join(root, 'bin', 'evoscope.mjs'), 'analyze', row.runId, '--json']);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    expect(JSON.parse(analyzed.stdout).summary.programs).toBe(18);
  });

  it('runs from any folder, with the paths given there', () => {
    const shinka = 'shinka__UT-AiInfra__cuco__ds-v3-moe';
    const r = spawnSync(process.execPath, [path.join(root, 'bin', 'evoscope.mjs'), 'analyze', shinka, '--json'], { cwd: realRunsDir(), env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).summary.programs).toBe(18);
    expect(fs.existsSync(path.join(realRunsDir(), '.evoscope'))).toBe(false); // nothing of ours written there
  });

  it('bundles the taxonomy commands: judge (tree-sitter wasm through the offline judge) and agreement', () => {
    const current = JSON.parse(fs.readFileSync(path.join(dir, 'current.json'), 'utf8'));
    expect(current.inputs).toEqual(expect.arrayContaining(['cli/commands/judge.ts', 'cli/commands/agreement.ts', 'lib/analysis/taxonomy/offlineJudge.ts']));
    const edits = path.join(dir, 'edits.jsonl');
    fs.writeFileSync(edits, `${JSON.stringify({ id: 'a', parent: 'limit = 10\n', child: 'limit = 20\n' })}\n`);
    const judged = run([path.join(root, 'bin', 'evoscope.mjs'), 'judge', '--diffs', edits, '--judge', 'offline', '--json']);
    expect(judged.code, judged.stderr).toBe(0);
    expect(JSON.parse(judged.stdout)).toEqual({ id: 'a', labels: ['hyperparameter_tuning'] });
    const labels = path.join(dir, 'labels.jsonl');
    fs.writeFileSync(labels, judged.stdout);
    const agreed = run([path.join(root, 'bin', 'evoscope.mjs'), 'agreement', labels, labels, '--json']);
    expect(agreed.code, agreed.stderr).toBe(0);
    expect(JSON.parse(agreed.stdout)).toMatchObject({ n: 1, exactMatch: 1 });
  });

  it('is stale once a bundled source is newer than the build', () => {
    const current = JSON.parse(fs.readFileSync(path.join(dir, 'current.json'), 'utf8'));
    expect(bundle.freshCliEntry(root, dir)).not.toBeNull();
    fs.writeFileSync(path.join(dir, 'current.json'), JSON.stringify({ ...current, builtAt: fs.statSync(path.join(root, 'cli', 'main.ts')).mtimeMs - 1 }));
    expect(bundle.freshCliEntry(root, dir)).toBeNull();
  });
});
