// A command measured as a user runs it: the whole process tree started from a shell (npm, the
// bootstrap, the CLI), wall time from spawn to exit, and resident memory sampled from /proc
// every 50 ms: the peak of the tree's summed RSS, and the peak of its largest single process
// (what `/usr/bin/time -v` would call maximum resident set size).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export interface CommandFigures {
  wallMs: number;
  peakTreeRssMB: number;
  peakProcessRssMB: number;
  exitCode: number | null;
  stdoutBytes: number;
}

/** RSS (bytes) of `root` and each of its descendants, from /proc. */
function treeRss(root: number): number[] {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      rss.set(Number(name), Number(fields[21]) * 4096); // stat field 24: rss in pages
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)!.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(rss.get(pid) ?? 0);
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
    const timer = setInterval(() => {
      const rss = treeRss(child.pid!);
      peakTree = Math.max(peakTree, rss.reduce((a, b) => a + b, 0));
      peakProcess = Math.max(peakProcess, ...rss);
    }, 50);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearInterval(timer);
      resolve({
        wallMs: Math.round(performance.now() - started),
        peakTreeRssMB: Math.round(peakTree / 2 ** 20),
        peakProcessRssMB: Math.round(peakProcess / 2 ** 20),
        exitCode,
        stdoutBytes,
      });
    });
  });
}
