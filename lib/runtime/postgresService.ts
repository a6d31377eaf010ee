// The embedded PostgreSQL as a supervised service. pg_ctl starts the postmaster detached (it is
// not our child), so its death is seen by watching the pid in postmaster.pid. A restart runs
// startEmbeddedPostgres again with the same folder and port: the web app's and the worker's
// connection strings stay valid, and their pools reconnect by themselves. After a kill -9 of the
// postmaster its backends linger for a moment holding shared memory; the start fails meanwhile
// and the supervisor's backoff retries it.
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embeddedPostgres';
import type { Running, ServiceSpec } from './supervisor';

const WATCH_EVERY_MS = 300;

function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function postgresService(opts: EmbeddedOptions & { port: number }): ServiceSpec {
  const dataDir = path.join(path.resolve(opts.baseDir), 'data');
  return {
    name: 'PostgreSQL',
    async start(): Promise<Running> {
      const pg = await startEmbeddedPostgres(opts);
      if (pg.port !== opts.port) {
        pg.stop();
        throw new Error(`port ${opts.port} is taken; the web app and the worker expect the database there`);
      }
      const pid = postmasterPid(dataDir);
      if (pid === null) throw new Error('started, but wrote no postmaster.pid');
      let timer: NodeJS.Timeout | undefined;
      let done: (why: string) => void = () => {};
      const exited = new Promise<string>((resolve) => {
        done = resolve;
        timer = setInterval(() => {
          if (!alive(pid)) resolve(`postmaster (pid ${pid}) died`);
        }, WATCH_EVERY_MS);
      }).finally(() => clearInterval(timer));
      return {
        exited,
        async stop() {
          pg.stop();
          done('stopped');
        },
      };
    },
  };
}
