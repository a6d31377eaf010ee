// Runs the built web app (next start) and the worker as child processes; used by `npm start`
// and by the Playwright web server in `npm test`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

export function serve({ port, log }: { port: number; log: (l: string) => void }) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const children: [string, ChildProcess][] = [
    ['web server', spawn(process.execPath, ['--require', methodGuard, nextBin, 'start', '-p', String(port), '-H', process.env.HOST ?? '127.0.0.1'], { cwd: root, env, stdio: ['ignore', 2, 2] })],
    ['worker', spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workers', 'index.ts')], { cwd: root, env, stdio: ['ignore', 2, 2] })],
  ];
  const exited = new Promise<string>((resolve) => {
    for (const [name, c] of children) c.on('exit', () => resolve(name));
  });
  return {
    exited,
    async stop() {
      await Promise.all(
        children.map(
          ([, c]) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
              setTimeout(() => c.kill('SIGKILL'), 5000).unref();
            }),
        ),
      );
    },
  };
}

// Run directly (Playwright's web server): serve until killed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (l: string) => process.stderr.write(`[evoscope] ${l}\n`);
  const services = serve({ port: Number(process.env.PORT ?? 3000), log });
  const stop = async () => {
    await services.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  services.exited.then((what) => {
    log(`${what} exited`);
    void stop();
  });
}
