// runProgram with real bubblewrap and g++: python, C++ (compiled in a sandbox, cached by source
// hash), compile errors, and languages this machine cannot run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProgram, cppCacheDir } from './cpp';
import { runProgram } from './program';
import { runSandbox } from './run';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-sandbox-test-'));
  process.env.EVOSCOPE_DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CPP = `#include <iostream>
int main(int argc, char** argv) { long long n; std::cin >> n; std::cout << n * 2 << " " << argv[1] << std::endl; }
`;

describe('runProgram', () => {
  it('runs python with Debian python3', async () => {
    const r = await runProgram({ source: 'import sys\nprint(sys.executable, sys.argv[1:], input())', language: 'Python', stdin: 'in\n', args: ['a'] });
    expect(r.status).toBe('ok');
    expect(r.stdout.text).toBe("/usr/bin/python3 ['a'] in\n");
  });

  it('compiles C++ once per source (cached binary) and runs it', async () => {
    const first = await compileProgram(CPP);
    expect(first.ok && !first.cached).toBe(true);
    const r = await runProgram({ source: CPP, language: 'c++', stdin: '21', args: ['x'] });
    expect(r.status).toBe('ok');
    expect(r.stdout.text).toBe('42 x\n');
    const again = await compileProgram(CPP);
    expect(again.ok && again.cached).toBe(true);
    expect(fs.readdirSync(cppCacheDir())).toEqual([first.ok ? first.sha : '']);
  });

  it('reports a C++ compile error with the compiler message, capped, without host paths', async () => {
    const bad = `int main() { return undefined_thing; }\n${'int f'.repeat(3000)}\n`;
    const r = await runProgram({ source: bad, language: 'cpp' });
    expect(r.status).toBe('compile-error');
    expect(r.message).toMatch(/^main\.cpp: In function .int main\(\).:\nmain\.cpp:1:21: error: .undefined_thing. was not declared/);
    expect(r.message!.length).toBeLessThan(4200);
    expect(r.message).toMatch(/more characters of compiler output cut\)$/);
    expect(r.message).not.toContain(dir);
    expect(r.message).not.toContain('/work');
  });

  it('g++ works inside a plain sandbox with the default limits (how evaluators compile candidates)', async () => {
    const r = await runSandbox({
      files: [{ path: 'cand.cpp', content: '#include <vector>\n#include <cstdio>\nint main(){ std::vector<int> v(5, 7); std::printf("%d\\n", v[4]); }\n' }],
      command: ['/bin/sh', '-c', 'g++ -O2 -std=gnu++17 -o cand cand.cpp && ./cand'],
    });
    expect(r.stderr.text).toBe('');
    expect(r).toMatchObject({ status: 'ok', stdout: { text: '7\n' } });
  });

  it('says that other languages are not runnable here', async () => {
    for (const language of ['cuda', 'rust']) {
      const r = await runProgram({ source: 'fn main() {}', language });
      expect(r).toMatchObject({ status: 'sandbox-error', message: `${language} is not runnable on this machine` });
    }
  });
});
