// Runs the CLI (cli/main.ts) as a user would, against the test database in DATABASE_URL.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Test files share one database and import the same real runs and fixtures: a second `import` of
 * the same programs is refused as a duplicate (issue 24, item 2). Tests not about that pass
 * `--again` (store it anyway); tests/db/cliDuplicate.test.ts is about it.
 */
export function runCli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: root, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export const realRunsDir = () => path.resolve(root, process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
