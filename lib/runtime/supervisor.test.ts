// The supervisor restarts a crashed service with exponential backoff, logs each restart, resets
// the backoff after a healthy period, and stops cleanly. Real child processes, killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childService } from './childService';
import { backoffDelay, supervise } from './supervisor';

const idle = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    const b = { initialMs: 100, maxMs: 1000, healthyMs: 5000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, b))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});

describe('supervise', () => {
  it('restarts a child killed with SIGKILL, with growing delays, and logs each restart', async () => {
    const children: ChildProcess[] = [];
    const lines: string[] = [];
    const s = supervise(childService('worker', idle, (c) => children.push(c)), {
      log: (l) => lines.push(l),
      backoff: { initialMs: 50, maxMs: 400, healthyMs: 60_000 },
    });
    await s.ready;
    for (let i = 1; i <= 3; i++) {
      await until(() => children.length === i && children[i - 1].pid !== undefined);
      process.kill(children[i - 1].pid!, 'SIGKILL');
      await until(() => children.length === i + 1);
    }
    expect(lines).toEqual([
      'worker was killed (SIGKILL); restarting in 50 ms (restart 1)',
      'worker was killed (SIGKILL); restarting in 100 ms (restart 2)',
      'worker was killed (SIGKILL); restarting in 200 ms (restart 3)',
    ]);
    const last = children[3];
    await until(() => last.pid !== undefined);
    await s.stop();
    expect(alive(last.pid!)).toBe(false);
    expect(last.signalCode).toBe('SIGTERM');
    expect(s.restarts()).toBe(3); // a requested stop is not a restart
  });

  it('starts from the initial delay again after a healthy period', async () => {
    const children: ChildProcess[] = [];
    const lines: string[] = [];
    const s = supervise(childService('web server', idle, (c) => children.push(c)), {
      log: (l) => lines.push(l),
      backoff: { initialMs: 50, maxMs: 1000, healthyMs: 300 },
    });
    await s.ready;
    process.kill(children[0].pid!, 'SIGKILL');
    await until(() => children.length === 2);
    process.kill(children[1].pid!, 'SIGKILL');
    await until(() => children.length === 3);
    await new Promise((r) => setTimeout(r, 400)); // healthy
    process.kill(children[2].pid!, 'SIGKILL');
    await until(() => children.length === 4);
    await s.stop();
    expect(lines.map((l) => /in (\d+) ms/.exec(l)![1])).toEqual(['50', '100', '50']);
  });

  it('retries a service whose start fails, and reports why', async () => {
    let attempts = 0;
    const lines: string[] = [];
    const children: ChildProcess[] = [];
    const s = supervise(
      {
        name: 'postgres',
        start: async () => {
          if (++attempts < 3) throw new Error('port in use\nmore detail');
          return childService('postgres', idle, (c) => children.push(c)).start();
        },
      },
      { log: (l) => lines.push(l), backoff: { initialMs: 20, maxMs: 100, healthyMs: 60_000 } },
    );
    await s.ready;
    expect(attempts).toBe(3);
    expect(lines).toEqual([
      'postgres could not start: port in use; restarting in 20 ms (restart 1)',
      'postgres could not start: port in use; restarting in 40 ms (restart 2)',
    ]);
    await s.stop();
    expect(children[0].exitCode !== null || children[0].signalCode !== null).toBe(true);
  });

  it('stops a service that was still starting when stop() was called', async () => {
    const children: ChildProcess[] = [];
    let started: () => void = () => {};
    const starting = new Promise<void>((r) => (started = r));
    const s = supervise(
      {
        name: 'slow',
        start: async () => {
          started();
          await new Promise((r) => setTimeout(r, 200));
          return childService('slow', idle, (c) => children.push(c)).start();
        },
      },
      { log: () => {} },
    );
    await starting;
    await s.stop();
    expect(children).toHaveLength(1);
    await until(() => children[0].exitCode !== null || children[0].signalCode !== null);
    expect(s.restarts()).toBe(0);
  });
});
