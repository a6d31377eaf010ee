#!/usr/bin/env node
// Entry point of every npm script. Plain Node with no dependencies, because it runs before
// anything is installed: installs the npm dependencies when missing or stale, generates the
// Prisma client, then hands over to the TypeScript entry named by the first argument (run with
// tsx; see `targets`), except `cli`, which runs the CLI (cli/main.ts) bundled ahead of time
// (scripts/cliBundle.mjs: rebuilt here when a source changed; bin/evoscope.mjs loads it
// directly). Everything it prints goes to stderr so that `npm run evoscope -- ... --json` keeps
// stdout clean.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCliBundle } from './cliBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (m) => process.stderr.write(`[evoscope] ${m}\n`);
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

const targets = { start: 'cli/start.ts', test: 'scripts/test.ts', cli: 'cli/main.ts', bench: 'scripts/bench.ts' };
const [name, ...rest] = process.argv.slice(2);
if (!targets[name]) {
  say(`unknown command ${name}; expected one of ${Object.keys(targets).join(', ')}`);
  process.exit(2);
}
const args = rest[0] === '--' ? rest.slice(1) : rest;

// Keep tools quiet and offline.
process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
process.env.CHECKPOINT_DISABLE = '1';

function runOrDie(cmd, cmdArgs, env = process.env) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: ['ignore', 2, 2], env });
  if (r.status !== 0) {
    say(`${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

// 1. npm dependencies, exactly as package-lock.json pins them (`npm ci`). Only when package.json
//    is newer than the lock (a dependency edited by hand) does `npm install` run, to update the
//    lock; commit the lock it writes.
const lock = path.join(root, 'package-lock.json');
const pkg = path.join(root, 'package.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || mtime(lock) > mtime(installed) || mtime(pkg) > mtime(installed)) {
  const edited = fs.existsSync(installed) && mtime(pkg) > mtime(lock);
  const how = edited ? 'install' : 'ci';
  say(`installing npm dependencies (npm ${how})...`);
  runOrDie('npm', [how, '--no-audit', '--no-fund', '--loglevel=warn']);
  const now = new Date();
  fs.utimesSync(installed, now, now);
}

// 2. Prisma client (generated, not committed). Dummy engine paths stop the CLI from trying
//    to download native engines; the client uses the pg driver adapter instead.
const schema = path.join(root, 'prisma', 'schema.prisma');
const generated = path.join(root, 'lib', 'db', 'generated', 'client.ts');
if (mtime(schema) > mtime(generated)) {
  say('generating the Prisma client...');
  const dummy = path.join(root, 'node_modules', '.evoscope-no-engine');
  fs.writeFileSync(dummy, '');
  runOrDie(path.join(root, 'node_modules', '.bin', 'prisma'), ['generate'], {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: dummy,
    PRISMA_QUERY_ENGINE_LIBRARY: dummy,
  });
}

// 3. Hand over. Signals reach the child through the process group; we only relay its exit.
const fromSource = ['--import', 'tsx', path.join(root, targets[name])];
let program = fromSource;
if (name === 'cli') {
  try {
    program = [await ensureCliBundle(root, say)];
  } catch (e) {
    // A source that does not build yet (mid-edit) should not lock the CLI out: tsx reports it.
    say(`building the CLI failed (${e.message.split('\n')[0]}); running it from source`);
  }
}
const child = spawn(process.execPath, [...program, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
