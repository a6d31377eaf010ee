// Starts real worker processes (workers/index.ts, as `npm start` does) on the test database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface StartedWorker {
  child: ChildProcess;
  /** Everything the worker logged so far (graphile-worker and Evoscope lines). */
  log: () => string;
  stop: () => Promise<void>;
}

export async function startWorker(env: Record<string, string>): Promise<StartedWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workers', 'index.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/\[worker\] ready/.test(out)) resolve();
    };
    child.stderr!.on('data', check);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    child,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Polls `probe` every 100 ms until it gives a truthy value; past `ms`, fails naming `what`, with
 * the logs of `workers` (whatever they printed tells why it never happened).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  opts: { ms?: number; workers?: StartedWorker[] } = {},
): Promise<T> {
  const end = Date.now() + (opts.ms ?? 90_000);
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${(opts.workers ?? []).map((w) => w.log()).join('\n----\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
