// A child process as a supervised service (the web server, the worker).
import type { ChildProcess } from 'node:child_process';
import type { Running, ServiceSpec } from './supervisor';

const STOP_GRACE_MS = 5000;

export function childService(name: string, spawnChild: () => ChildProcess, onSpawn?: (c: ChildProcess) => void): ServiceSpec {
  return {
    name,
    async start(): Promise<Running> {
      const child = spawnChild();
      onSpawn?.(child);
      const gone = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ? `was killed (${signal})` : `exited with code ${code}`)),
      );
      return {
        exited: gone,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          await gone;
          clearTimeout(t);
        },
      };
    },
  };
}
