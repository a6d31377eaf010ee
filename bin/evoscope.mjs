#!/usr/bin/env node
// `npx evoscope <command>`: the CLI built ahead of time (scripts/cliBundle.mjs). When the bundle
// is fresh it is loaded straight away (no npm, no tsx: ~0.15 s to `--help`); when it is missing
// or a source changed, bootstrap installs what is missing, rebuilds it and runs the command.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshCliEntry } from '../scripts/cliBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Evoscope keeps its database and the bundle under the project (.evoscope/), and the CLI looks
// for them in the working directory, as under `npm run`: run from the project folder, with the
// paths the user gave made absolute first (positional paths that exist, and --out).
const VALUE_FLAGS = new Set(['--name', '--format', '--definitions', '--scope']);
if (process.cwd() !== root) {
  const cwd = process.cwd();
  const args = process.argv.slice(2);
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (VALUE_FLAGS.has(a)) k++;
    else if (a === '--out' && k + 1 < args.length) args[k + 1] = path.resolve(cwd, args[++k]);
    else if (a.startsWith('--out=')) args[k] = `--out=${path.resolve(cwd, a.slice('--out='.length))}`;
    else if (!a.startsWith('-') && fs.existsSync(path.resolve(cwd, a))) args[k] = path.resolve(cwd, a);
  }
  process.argv.splice(2, args.length, ...args);
  process.chdir(root);
}

const entry = freshCliEntry(root);
if (entry) {
  await import(pathToFileURL(entry).href); // reads process.argv.slice(2): this script's arguments
} else {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'cli', ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
