// `npm test`: sets up what the tests need (Debian's chromium, bubblewrap, python3-numpy/scipy, a throw-away PostgreSQL with
// the migrations and the demo data, a production build), then runs unit and database tests
// (vitest) and browser tests (Playwright). Exits non-zero when any suite fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../lib/db/embeddedPostgres';
import { migrate } from '../lib/db/migrate';
import { disconnect } from '../lib/db/client';
import { loadDemoData } from '../lib/demo/loadDemoData';
import { buildIfStale } from './serve';
import { ensureSandboxPackages } from './systemPackages';

const root = process.cwd();
const log = (l: string) => process.stderr.write(`[evoscope:test] ${l}\n`);
const args = process.argv.slice(2);
const only = args.find((a) => a === '--unit' || a === '--e2e');
// Anything else is handed to the runner of the one part chosen (a vitest file filter or a
// Playwright spec), so `npm test -- --unit tests/db/upload.test.ts` runs one file.
const filters = only ? args.filter((a) => a !== only) : [];

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) throw new Error('Debian chromium is missing: apt-get install -y chromium');
  log('installing Debian\'s chromium (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('apt-get install chromium failed');
}

function step(name: string, cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv) {
  log(`${name}: ${path.basename(cmd)} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  return r.status === 0;
}

const realRuns = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve(root, '..', 'shared', 'real-runs');
if (!fs.existsSync(realRuns)) log(`warning: ${realRuns} is missing; tests on real archives will fail`);

if (only !== '--unit') ensureChromium();
ensureSandboxPackages(log); // the sandbox tests run real bubblewrap and Debian's python3
const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-test-pg-'));
const pg = await startEmbeddedPostgres({ baseDir, ephemeral: true, log });
let ok = true;
try {
  await migrate(pg.url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: pg.url,
    EVOSCOPE_REAL_RUNS: realRuns,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const bin = (n: string) => path.join(root, 'node_modules', '.bin', n);
  if (only !== '--e2e') {
    if (!filters.length) ok = step('type check', bin('tsc'), ['--noEmit', '-p', '.'], env) && ok;
    ok = step('unit and database tests', bin('vitest'), ['run', ...filters], env) && ok;
  }
  if (only !== '--unit') {
    process.env.DATABASE_URL = pg.url;
    await loadDemoData({ log });
    await disconnect();
    buildIfStale(log);
    ok = step('browser tests', bin('playwright'), ['test', ...filters], env) && ok;
  }
} catch (e) {
  log(`test set-up failed: ${(e as Error).stack ?? e}`);
  ok = false;
} finally {
  pg.stop();
  fs.rmSync(baseDir, { recursive: true, force: true });
}
log(ok ? 'all test suites passed' : 'some test suites FAILED');
process.exit(ok ? 0 : 1);
