// Runs the built web app (next start) and the worker as supervised child processes; used by
// `npm start` and by the Playwright web server in `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { publicStartRefusal } from '../lib/http/auth/startGuard';
import { disconnect } from '../lib/db/client';
import { childService } from '../lib/runtime/childService';
import { postgresService } from '../lib/runtime/postgresService';
import { supervise, type Backoff } from '../lib/runtime/supervisor';

const root = process.cwd();
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
// Answers TRACE/TRACK with 405 before Next, which can only fail on them (scripts/methodGuard.cjs).
const methodGuard = path.join(root, 'scripts', 'methodGuard.cjs');

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e === 'generated' || e.startsWith('.')) continue;
    m = Math.max(m, newestMtime(path.join(p, e)));
  }
  return m;
}

/** Runs `next build` when any web source is newer than the last build. */
export function buildIfStale(log: (l: string) => void, force = false) {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = ['app', 'components', 'lib', 'public', 'next.config.ts', 'package-lock.json', 'prisma/schema.prisma'];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && built > newest) return;
  log('building the web app (next build)...');
  const r = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
}

export interface ServeOptions {
  port: number;
  log: (l: string) => void;
  /** The embedded PostgreSQL to supervise too (npm start, when it started it). */
  postgres?: { baseDir: string; port: number };
  backoff?: Backoff;
}

/**
 * Starts the web server and the worker, each supervised (lib/supervise): a crashed one is started
 * again with backoff, and so is the embedded PostgreSQL when given (first, and stopped last).
 */
export async function serve({ port, log, postgres, backoff }: ServeOptions) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const opts = { log, backoff };
  const db = postgres ? supervise(postgresService({ ...postgres, log }), opts) : null;
  await db?.ready;
  // Before anything listens: no public address without an account (lib/http/auth/startGuard.ts).
  const refusal = await publicStartRefusal();
  await disconnect();
  if (refusal) {
    log(refusal);
    await db?.stop();
    process.exit(1);
  }
  const host = process.env.HOST ?? '127.0.0.1';
  const apps = [
    supervise(childService('web server', () => spawn(process.execPath, ['--require', methodGuard, nextBin, 'start', '-p', String(port), '-H', host], { cwd: root, env, stdio: ['ignore', 2, 2] })), opts),
    supervise(childService('worker', () => spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workers', 'index.ts')], { cwd: root, env, stdio: ['ignore', 2, 2] })), opts),
  ];
  return {
    async stop() {
      db?.hold(); // stopped last, but not restarted if it goes first (Ctrl-C reaches it too)
      await Promise.all(apps.map((a) => a.stop()));
      await db?.stop();
    },
  };
}

// Run directly (Playwright's web server, the restart test): serve until killed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (l: string) => process.stderr.write(`[evoscope] ${l}\n`);
  const postgres = process.env.EVOSCOPE_SUPERVISE_PG_DIR
    ? { baseDir: process.env.EVOSCOPE_SUPERVISE_PG_DIR, port: Number(new URL(process.env.DATABASE_URL!).port) }
    : undefined;
  const services = await serve({ port: Number(process.env.PORT ?? 3000), log, postgres });
  const stop = async () => {
    await services.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
