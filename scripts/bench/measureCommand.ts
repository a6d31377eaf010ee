// A command measured as a user runs it: the whole process tree started from a shell (npm, the
// bootstrap, the CLI), wall time from spawn to exit, and resident memory sampled from /proc
// every 50 ms: the peak of the tree's summed RSS, and the peak of its largest single process
// (what `/usr/bin/time -v` would call maximum resident set size), and the CPU time the tree
// used (user + system, from the same samples: on a shared machine wall time says little alone).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export interface CommandFigures {
  wallMs: number;
  peakTreeRssMB: number;
  peakProcessRssMB: number;
  /** CPU seconds (user + system) of the processes seen, each at its last sample. */
  cpuMs: number;
  exitCode: number | null;
  stdoutBytes: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** RSS (bytes) and CPU time (ms) of `root` and each of its descendants, from /proc. */
function treeUsage(root: number): { pid: number; rss: number; cpuMs: number }[] {
  const children = new Map<number, number[]>();
  const usage = new Map<number, { pid: number; rss: number; cpuMs: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      // stat fields 14, 15: utime, stime in ticks; field 24: rss in pages
      usage.set(Number(name), { pid: Number(name), rss: Number(fields[21]) * 4096, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)!.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const out: { pid: number; rss: number; cpuMs: number }[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const u = usage.get(pid);
    if (u) out.push(u);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Runs `command` through /bin/sh in `cwd`; stdout is counted and dropped, stderr passed on. */
export function measureCommand(command: string, opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CommandFigures> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/bin/sh', ['-c', command], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdoutBytes = 0;
    child.stdout.on('data', (d: Buffer) => (stdoutBytes += d.length));
    let peakTree = 0;
    let peakProcess = 0;
    const cpu = new Map<number, number>();
    const timer = setInterval(() => {
      const tree = treeUsage(child.pid!);
      peakTree = Math.max(peakTree, tree.reduce((a, u) => a + u.rss, 0));
      for (const u of tree) {
        peakProcess = Math.max(peakProcess, u.rss);
        cpu.set(u.pid, u.cpuMs);
      }
    }, 50);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearInterval(timer);
      resolve({
        wallMs: Math.round(performance.now() - started),
        peakTreeRssMB: Math.round(peakTree / 2 ** 20),
        peakProcessRssMB: Math.round(peakProcess / 2 ** 20),
        cpuMs: [...cpu.values()].reduce((a, b) => a + b, 0),
        exitCode,
        stdoutBytes,
      });
    });
  });
}
