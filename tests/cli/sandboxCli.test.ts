// `evoscope sandbox run` through the real CLI (cli/main.ts, as a user runs it): the typed
// result as JSON, the language from the extension or --lang, --timeout and --memory applied, and
// hostile programs ending within their limit plus one second.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import type { SandboxResult } from '../../lib/contracts/sandboxTypes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-sandbox-cli-'));
process.env.EVOSCOPE_DATA_DIR = dir; // the C++ cache of these runs, removed with it
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

/** Runs `sandbox run ... --json`; returns the parsed result, the exit code and the CLI's own time. */
async function sandboxRun(args: string[]) {
  const t = Date.now();
  const r = await runCli(['sandbox', 'run', ...args, '--json']);
  const ms = Date.now() - t;
  expect(r.stdout.trim().split('\n')).toHaveLength(1); // exactly one JSON object on stdout
  return { result: JSON.parse(r.stdout) as SandboxResult, code: r.code, ms, stderr: r.stderr };
}

// The CLI's own start-up (tsx compiling the sources) is not the sandbox's: allow for it.
const CLI_START_MS = 8000;

describe('evoscope sandbox run', () => {
  it('runs a python file and prints the typed result (exit code 0)', async () => {
    const { result, code } = await sandboxRun([file('hello.py', 'import numpy\nprint("hello", numpy.int64(6) * 7)')]);
    expect(code).toBe(0);
    expect(result).toMatchObject({ status: 'ok', exitCode: 0, stdout: { text: 'hello 42\n', bytes: 9, dropped: 0 } });
    expect(result.wallMs).toBeGreaterThan(0);
  });

  it('compiles a .cpp file, or a file named otherwise with --lang cpp', async () => {
    const src = '#include <cstdio>\nint main(){ printf("%d\\n", 6 * 7); return 5; }\n';
    const a = await sandboxRun([file('a.cpp', src)]);
    expect(a.result).toMatchObject({ status: 'exit', exitCode: 5, stdout: { text: '42\n' } });
    expect(a.code).toBe(1);
    const b = await sandboxRun([file('prog.txt', src), '--lang', 'cpp']);
    expect(b.result).toMatchObject({ status: 'exit', exitCode: 5 });
  });

  it('shows a compile error, and says a CUDA file is not runnable here', async () => {
    const bad = await sandboxRun([file('bad.cpp', 'int main() { return nope; }\n')]);
    expect(bad.result.status).toBe('compile-error');
    expect(bad.result.message).toContain("main.cpp:1:21: error: ‘nope’ was not declared in this scope");
    const cu = await sandboxRun([file('k.cu', '__global__ void k() {}\n')]);
    expect(cu.result).toMatchObject({ status: 'sandbox-error', message: 'cuda is not runnable on this machine' });
  });

  it('applies --timeout (wall and CPU) and --memory', async () => {
    const loop = await sandboxRun([file('loop.py', 'while True:\n    pass'), '--timeout', '1']);
    expect(loop.result.status).toBe('timeout');
    expect(loop.result.wallMs).toBeLessThan(2000);
    expect(loop.ms).toBeLessThan(2000 + CLI_START_MS);
    const sleep = await sandboxRun([file('sleep.py', 'import time\ntime.sleep(30)'), '--timeout', '1']);
    expect(sleep.result).toMatchObject({ status: 'timeout', message: 'killed after 1 s wall time' });
    const big = await sandboxRun([file('big.py', 'x = bytearray(8 << 30)'), '--memory', '256']);
    expect(big.result).toMatchObject({ status: 'memory', message: 'ran out of memory (limit 256 MiB)' });
  });

  it('stops a fork bomb (pids) and 1 GB of stdout (output-limit) within their limits', async () => {
    const bomb = await sandboxRun([file('bomb.py', 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass'), '--timeout', '5']);
    expect(bomb.result.status).toBe('pids');
    expect(bomb.result.wallMs).toBeLessThan(6000);
    const flood = await sandboxRun([file('flood.py', 'import sys\nb = "x" * (1 << 20)\nfor i in range(1024):\n    sys.stdout.write(b)')]);
    expect(flood.result.status).toBe('output-limit');
    expect(flood.result.stdout.text.length).toBe(1 << 20);
    expect(flood.result.wallMs).toBeLessThan(11_000);
  });

  it('contains escape attempts: loopback TCP, host /tmp, /etc/shadow, an orphan child', async () => {
    let connections = 0;
    const server = net.createServer((sock) => {
      connections++;
      sock.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const marker = `cli_escape_${crypto.randomBytes(6).toString('hex')}`;
    const hostFile = `/tmp/${marker}`;
    const code = [
      'import os, socket, time',
      'def attempt(name, f):',
      '    try:',
      '        f()',
      '        print(name, "SUCCEEDED")',
      '    except OSError as e:',
      '        print(name, "failed", type(e).__name__)',
      `attempt("tcp", lambda: socket.create_connection(("127.0.0.1", ${port}), timeout=2))`,
      `attempt("tmp", lambda: open("${hostFile}", "w").write("x"))`,
      'attempt("shadow", lambda: open("/etc/shadow").read())',
      'if os.fork() == 0:',
      '    time.sleep(3)',
      '    print("LATE", flush=True)',
      '    os._exit(0)',
    ].join('\n');
    try {
      const { result } = await sandboxRun([file(`${marker}.py`, code), '--timeout', '10']);
      expect(result.status).toBe('ok');
      expect(result.stdout.text).toBe('tcp failed ConnectionRefusedError\ntmp SUCCEEDED\nshadow failed FileNotFoundError\n');
      expect(connections).toBe(0);
      expect(fs.existsSync(hostFile)).toBe(false); // it wrote into the sandbox's own /tmp
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const left = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`${marker}.py`);
        } catch {
          return false;
        }
      });
      expect(left).toEqual([]); // the orphan died with the run
    } finally {
      server.close();
    }
  });

  it('says which file it could not read', async () => {
    const r = await runCli(['sandbox', 'run', path.join(dir, 'missing.py'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('missing.py (no such file)');
  });
});
