// Keeps a service running: when it stops by itself (a crash, a kill -9), it is started again after
// an exponential backoff, and each restart is logged. A service that stayed up for `healthyMs`
// counts as healthy again, so its next crash restarts it quickly. `stop()` (Ctrl-C) ends the loop
// and stops the service cleanly. What a service is (a child process, the embedded PostgreSQL)
// is given by its spec: see childService.ts and postgresService.ts.

/** A started service. `exited` resolves with what happened when it stops (the supervisor ignores it after stop()). */
export interface Running {
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface ServiceSpec {
  name: string;
  start(): Promise<Running>;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
  /** Up this long, a service counts as healthy: the next delay starts from initialMs again. */
  healthyMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 15_000, healthyMs: 30_000 };

/** The wait before restart number `failures` (1-based) of a run of quick failures. */
export function backoffDelay(failures: number, b: Backoff): number {
  return Math.min(b.maxMs, b.initialMs * 2 ** Math.max(0, failures - 1));
}

export interface Supervised {
  /** Resolves when the first start succeeded (rejects if stopped before). */
  ready: Promise<void>;
  /** Restarts so far. */
  restarts(): number;
  /** No more restarts from now on (a Ctrl-C also reaches the children; their exits are not crashes). */
  hold(): void;
  stop(): Promise<void>;
}

export function supervise(
  spec: ServiceSpec,
  opts: { log: (line: string) => void; backoff?: Backoff; onRestart?: (n: number) => void },
): Supervised {
  const b = opts.backoff ?? DEFAULT_BACKOFF;
  let stopping = false;
  let current: Running | null = null;
  let restarts = 0;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  let markReady: () => void = () => {};
  let failReady: (e: Error) => void = () => {};
  const ready = new Promise<void>((res, rej) => {
    markReady = res;
    failReady = rej;
  });
  ready.catch(() => {});

  const loop = (async () => {
    let failures = 0;
    let first = true;
    while (!stopping) {
      const startedAt = Date.now();
      let reason: string;
      try {
        const started = await spec.start();
        if (first) markReady();
        first = false;
        if (stopping) {
          await started.stop(); // stop() was called while it started: it saw nothing to stop
          break;
        }
        current = started;
        reason = await current.exited;
      } catch (e) {
        reason = `could not start: ${(e as Error).message.split('\n')[0]}`;
      }
      current = null;
      if (stopping) break;
      failures = Date.now() - startedAt >= b.healthyMs ? 1 : failures + 1;
      const delay = backoffDelay(failures, b);
      restarts++;
      opts.log(`${spec.name} ${reason}; restarting in ${delay} ms (restart ${restarts})`);
      opts.onRestart?.(restarts);
      await sleep(delay);
    }
    failReady(new Error(`${spec.name} was stopped before it started`));
  })();

  return {
    ready,
    restarts: () => restarts,
    hold() {
      stopping = true;
    },
    async stop() {
      stopping = true;
      wake?.();
      await current?.stop();
      await loop;
    },
  };
}
