// runSandbox with real bubblewrap: the basic contract (files, stdin, env, fd 3, output caps,
// measured figures). The hostile cases are in hostile.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSandbox } from './run';

const py = (code: string, extra: Partial<Parameters<typeof runSandbox>[0]> = {}) =>
  runSandbox({ files: [{ path: 'main.py', content: code }], command: ['/usr/bin/python3', 'main.py'], ...extra });

describe('runSandbox', () => {
  it('runs a program with its files, stdin and a cleared environment, in /work', async () => {
    const r = await runSandbox({
      files: [
        { path: 'main.py', content: 'import os, sys\nprint(open("data/in.txt").read(), sys.stdin.read(), os.getcwd(), sorted(os.environ), os.environ["X"], sorted(os.listdir(".")))' },
        { path: 'data/in.txt', content: Buffer.from('from-file') },
      ],
      command: ['/usr/bin/python3', 'main.py'],
      stdin: 'from-stdin',
      env: { X: 'y' },
    });
    expect(r.status).toBe('ok');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.text).toContain('from-file from-stdin /work');
    // Only our variables: nothing of the host's environment (DATABASE_URL, ...) leaks in.
    expect(r.stdout.text).toContain("['HOME', 'LANG', 'OPENBLAS_NUM_THREADS', 'PATH', 'PWD', 'PYTHONDONTWRITEBYTECODE', 'X'] y ['data', 'main.py']");
    expect(r.wallMs).toBeGreaterThan(0);
    expect(r.cpuMs).toBeGreaterThan(0);
    expect(r.peakMemoryKb).toBeGreaterThan(1000); // python itself: several MB, measured, not guessed
  });

  it('reports a non-zero exit as exit with its code and the stderr', async () => {
    const r = await py('import sys\nsys.stderr.write("bad")\nsys.exit(3)');
    expect(r).toMatchObject({ status: 'exit', exitCode: 3, signal: null, message: 'exited with code 3' });
    expect(r.stderr.text).toBe('bad');
  });

  it('measures CPU time and peak memory of the program', async () => {
    const r = await py('x = bytearray(200 << 20)\nfor i in range(3_000_000): pass');
    expect(r.status).toBe('ok');
    expect(r.peakMemoryKb).toBeGreaterThan(200 * 1024);
    expect(r.cpuMs).toBeGreaterThan(50);
  });

  it('returns what fd 3 received as result, apart from stdout', async () => {
    const r = await py('import os\nprint("noise")\nos.write(3, b\'{"score": 1.5}\')', { resultPipe: true });
    expect(r.status).toBe('ok');
    expect(r.result).toBe('{"score": 1.5}');
    expect(r.stdout.text).toBe('noise\n');
  });

  it('keeps the first keepOutputBytes of each stream and counts the rest', async () => {
    const r = await py('import sys\nsys.stdout.write("a" * 5000)\nsys.stderr.write("b" * 300)', { limits: { keepOutputBytes: 1000 } });
    expect(r.status).toBe('ok');
    expect(r.stdout).toEqual({ text: 'a'.repeat(1000), bytes: 5000, dropped: 4000 });
    expect(r.stderr).toEqual({ text: 'b'.repeat(300), bytes: 300, dropped: 0 });
  });

  it('has numpy and scipy (Debian python3)', async () => {
    const r = await py('import numpy, scipy.optimize\nprint(numpy.arange(4).sum())');
    expect(r.stderr.text).toBe('');
    expect(r.stdout.text).toBe('6\n');
  });

  it('refuses a file path that climbs out of /work, naming it', async () => {
    const r = await runSandbox({ files: [{ path: '../x', content: '' }], command: ['true'] });
    expect(r).toMatchObject({ status: 'sandbox-error', message: 'file path "../x" is not a plain relative path' });
  });

  it('is cancelled by its AbortSignal', async () => {
    const ac = new AbortController();
    const t = Date.now();
    setTimeout(() => ac.abort(), 300);
    const r = await py('import time\ntime.sleep(20)', { signal: ac.signal });
    expect(r).toMatchObject({ status: 'sandbox-error', message: 'cancelled' });
    expect(Date.now() - t).toBeLessThan(3000);
  });
});

describe('runSandbox read-only binds', () => {
  it('binds a host file read-only at the path asked for', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-bind-'));
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'data.txt'), 'bound', { mode: 0o644 });
    try {
      const r = await py('print(open("/opt/data.txt").read())\ntry:\n    open("/opt/data.txt", "w")\nexcept OSError as e:\n    print(type(e).__name__)', {
        readOnlyBinds: [{ host: path.join(dir, 'data.txt'), inside: '/opt/data.txt' }],
      });
      expect(r.stderr.text).toBe('');
      expect(r.stdout.text).toMatch(/^bound\n(PermissionError|OSError)\n$/);
      const missing = await py('print(1)', { readOnlyBinds: [{ host: path.join(dir, 'nope'), inside: '/opt/x' }] });
      expect(missing).toMatchObject({ status: 'sandbox-error', message: 'the file or folder to bind at /opt/x is missing' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
