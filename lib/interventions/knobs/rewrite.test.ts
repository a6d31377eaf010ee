import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initParsers } from '../../analysis/treeSitter';
import { seed as cppSeed } from '../../services/demo/programs/cppCode';
import { seed as pySeed } from '../../services/demo/programs/pythonCode';
import type { Knob } from '../../contracts/interventionTypes';
import { formatFloat, formatInt } from './format';
import { findKnobsOffline } from './offline';
import { parameterise } from './rewrite';

// The rewritten programs are run for real: python3 (numpy for the demo) and g++, no sandbox
// needed to test the rewrite itself. What must hold: the defaults compute exactly what the
// original computed, and a changed value reaches the program.

let dir: string;
beforeAll(async () => {
  await initParsers();
  dir = mkdtempSync(path.join(tmpdir(), 'knobs-rewrite-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const python = (code: string, input = '') => execFileSync('python3', ['-c', code], { input, encoding: 'utf8', timeout: 60_000 });

let nth = 0;
function cppRun(code: string, input: string): string {
  const src = path.join(dir, `p${++nth}.cpp`);
  const bin = path.join(dir, `p${nth}`);
  writeFileSync(src, code);
  execFileSync('g++', ['-O2', '-std=c++17', '-o', bin, src], { timeout: 120_000 });
  return execFileSync(bin, [], { input, encoding: 'utf8', timeout: 60_000 });
}

/** The Python module docstring as Python itself reads it (ast.get_docstring), and whether the code compiles. */
const docstringOf = (code: string) =>
  python(`import ast,sys; src=sys.stdin.read(); compile(src, "m.py", "exec"); print(repr(ast.get_docstring(ast.parse(src))))`, code).trim();

const knob = (source: string, name: string, literal: string, value: number, type: 'int' | 'float', nth = 0): Knob => {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = source.indexOf(literal, start + 1);
  const line = source.slice(0, start).split('\n').length;
  return { name, sourceLiteral: literal, line, contextLine: source.split('\n')[line - 1], start, end: start + literal.length, value, low: value - 1, high: value + 1, scale: 'linear', type, origin: 'user' };
};

describe('parameterise: Python', () => {
  // EvoReplay's two bugs: its regex put PARAMS inside this docstring and turned `-0.1` into `-PARAMS[...]` with value 0.1.
  const original = [
    '"""Multi-line module docstring.',
    '',
    'It mentions 0.5 and -0.1, which are text, not knobs.',
    '"""',
    'import math',
    '',
    'OFFSET = -0.1',
    'SCALE = 0.5',
    'STEPS = 12',
    '',
    'def f(x):',
    '    return x * SCALE + OFFSET * math.sqrt(x) + 1e-6',
    '',
    'print(repr(sum(f(i) for i in range(STEPS))))',
    '',
  ].join('\n');

  it('puts PARAMS after a multi-line docstring, which stays the module docstring; -0.1 keeps its sign', () => {
    const { knobs } = findKnobsOffline(original, 'python');
    expect(knobs.map((k) => [k.name, k.sourceLiteral, k.value])).toEqual([
      ['offset', '-0.1', -0.1],
      ['scale', '0.5', 0.5],
      ['steps', '12', 12],
      ['f_result', '1e-6', 1e-6],
    ]);
    const p = parameterise(original, 'python', knobs);
    expect(p.source).toContain('OFFSET = PARAMS["offset"]\n');
    expect(p.source).toContain('"offset": -0.1,');
    expect(p.source).not.toContain('-PARAMS');
    // The block follows the docstring's closing line.
    expect(p.source.indexOf('PARAMS = {')).toBeGreaterThan(p.source.indexOf('"""\n', 10));
    expect(p.source.startsWith('"""Multi-line module docstring.\n\nIt mentions 0.5 and -0.1, which are text, not knobs.\n"""\n# Tuning knobs')).toBe(true);
    expect(docstringOf(p.source)).toBe(docstringOf(original));
    // Same behaviour, byte for byte (repr of the float sum).
    expect(python(p.source)).toBe(python(original));
    // A changed value reaches the program: OFFSET -0.2 equals the original with -0.2 written in.
    expect(python(p.render({ offset: -0.2 }))).toBe(python(original.replace('OFFSET = -0.1', 'OFFSET = -0.2')));
    expect(python(p.render({ offset: -0.2 }))).not.toBe(python(original));
  });

  it('keeps a shebang, an encoding line, a one-line docstring and __future__ imports first', () => {
    const src = ['#!/usr/bin/env python3', '# -*- coding: utf-8 -*-', '"""One line."""', 'from __future__ import annotations', 'RATE = 0.25', 'print(RATE * 4)', ''].join('\n');
    const p = parameterise(src, 'python', findKnobsOffline(src, 'python').knobs);
    expect(p.source.split('\n').slice(0, 6)).toEqual([
      '#!/usr/bin/env python3', '# -*- coding: utf-8 -*-', '"""One line."""', 'from __future__ import annotations',
      '# Tuning knobs (Evoscope): each replaces a literal below.', 'PARAMS = {',
    ]);
    expect(docstringOf(p.source)).toBe("'One line.'");
    expect(python(p.source)).toBe(python(src));
  });

  it('without a docstring the block goes at the very top; `return-3` does not glue into one word', () => {
    const src = 'def g():\n    return-3.5\nprint(g())';
    const p = parameterise(src, 'python', findKnobsOffline(src, 'python').knobs);
    expect(p.source.startsWith('# Tuning knobs')).toBe(true);
    expect(p.source).toContain('return PARAMS["g_result"]');
    expect(python(p.source)).toBe(python(src));
  });

  it('a byte-order mark stays first', () => {
    const src = '\uFEFFRATE = 0.25\nprint(RATE)\n';
    const p = parameterise(src, 'python', findKnobsOffline(src, 'python').knobs);
    expect(p.source.startsWith('\uFEFF# Tuning knobs')).toBe(true);
    // Python reads a BOM from a file (not from -c).
    const file = path.join(dir, 'bom.py');
    writeFileSync(file, p.source);
    expect(execFileSync('python3', [file], { encoding: 'utf8' })).toBe('0.25\n');
  });

  it('renders ints as integers and floats with full round-trip precision (10.0 stays a float)', () => {
    const src = 'A = 10.0\nB = 7\nprint(repr(A), repr(B), type(A).__name__, type(B).__name__)\n';
    const p = parameterise(src, 'python', [knob(src, 'a', '10.0', 10, 'float'), knob(src, 'b', '7', 7, 'int')]);
    expect(python(p.render({ a: 12, b: 9.6 }))).toBe("12.0 10 float int\n");
    expect(python(p.render({ a: 0.1 + 0.2 }))).toBe('0.30000000000000004 7 float int\n');
    expect(python(p.source)).toBe(python(src));
    expect(() => p.render({ nope: 1 })).toThrow('no knob named "nope"');
    expect(() => p.render({ a: Number.NaN })).toThrow('knob "a"');
  });

  it('style constants: BO_ names that never collide with the program', () => {
    const src = 'BO_STEP = 1\nSTEP = 0.3\nprint(STEP + BO_STEP)\n';
    const p = parameterise(src, 'python', [knob(src, 'step', '0.3', 0.3, 'float')], { style: 'constants' });
    expect(p.references.step).toBe('BO_STEP_2');
    expect(p.source).toContain('BO_STEP_2 = 0.3\n');
    expect(python(p.source)).toBe(python(src));
  });

  it('throws a clear error naming the knob when its literal is not at its offsets, or is not a literal', () => {
    const src = 'X = 0.25\nY = 0.75\n';
    const k = knob(src, 'x', '0.25', 0.25, 'float');
    expect(() => parameterise(src, 'python', [{ ...k, start: k.start + 9, end: k.end + 9 }])).toThrow(/knob "x" \(line 1, "0.25"\): the source has "0.75"/);
    const inName = 'X2 = 3\n';
    expect(() => parameterise(inName, 'python', [{ ...knob(inName, 'two', '2', 2, 'int') }])).toThrow(/knob "two".*not a numeric literal of the syntax tree/);
    expect(() => parameterise(src, 'python', [{ ...k, value: 0.3 }])).toThrow(/knob "x" .*its value 0.3 is not the literal's value 0.25/);
    const s2 = 'a = 0.5\nb = 0.5\n';
    expect(() => parameterise(s2, 'python', [knob(s2, 'a', '0.5', 0.5, 'float'), knob(s2, 'a', '0.5', 0.5, 'float', 1)])).toThrow('two knobs have this name');
  });
});

describe('formatFloat: the written value is the same double', () => {
  const cases = [0.1, 1e-6, 1e-7, 0.1 + 0.2, 1 / 3, 10, 2000, 1e21, 5e-324, 1.7976931348623157e308, -0.1, -2.5e-8, 0.995, 123456.789];
  it('JS reads each spelling back exactly, and a float always has a point or an exponent', () => {
    for (const v of cases) {
      const s = formatFloat(v);
      expect(Number(s)).toBe(v);
      expect(s).toMatch(/[.e]/);
    }
    expect(formatFloat(0.1)).toBe('0.1');
    expect(formatFloat(1e-6)).toBe('0.000001');
    expect(formatFloat(10)).toBe('10.0');
    expect(formatFloat(-0)).toBe('-0.0');
    expect(formatInt(7.6)).toBe('8');
  });

  it('Python reads each spelling as the same double (float.hex compared)', () => {
    const out = python(`import sys\nfor s in sys.stdin.read().split(): print(float(s).hex())`, cases.map(formatFloat).join('\n')).trim().split('\n');
    const expected = python(`import struct,sys\nfor h in sys.stdin.read().split(): print(struct.unpack('<d', bytes.fromhex(h))[0].hex())`, cases.map((v) => Buffer.from(new Float64Array([v]).buffer).toString('hex')).join('\n')).trim().split('\n');
    expect(out).toEqual(expected);
  });

  it('g++ reads each spelling as the same double', () => {
    const lits = cases.map(formatFloat);
    const code = `#include <cstdio>\n#include <cstring>\nint main(){ double v[] = {${lits.join(', ')}}; for (double d : v) { unsigned long long b; std::memcpy(&b, &d, 8); std::printf("%016llx\\n", b); } }\n`;
    const bits = cases.map((v) => {
      const b = Buffer.from(new Float64Array([v]).buffer);
      return b.reverse().toString('hex');
    });
    expect(cppRun(code, '').trim().split('\n')).toEqual(bits);
  });
});

describe('parameterise: C++', () => {
  const original = [
    '#include <cstdio>',
    '#include <cmath>',
    'using namespace std;',
    '',
    'const double COOL = 0.97;',
    'const int ITERS = 300;',
    '',
    'int main() {',
    '    double t = 5.0f, acc = 0;',
    '    for (int i = 0; i < ITERS; i++) { acc += t * - 0.25; t *= COOL; }',
    '    long long big = 500000LL;',
    '    printf("%.17g %d %lld\\n", acc, ITERS / 7, big);',
    '    return 0;',
    '}',
    '',
  ].join('\n');

  it('a constexpr block after the includes, typed like each literal; compiles and prints the same', () => {
    const { knobs } = findKnobsOffline(original, 'cpp');
    expect(knobs.map((k) => `${k.name}=${k.sourceLiteral}`)).toEqual(['cool=0.97', 'iters=300', 't=5.0f', 'acc=- 0.25', 'big=500000LL']);
    const p = parameterise(original, 'cpp', knobs);
    // t, acc and big are variables of main: their constants get fresh names (no shadowing, no `double t = t`).
    expect(p.source).toContain(
      'using namespace std;\n// Tuning knobs (Evoscope): each replaces a literal below.\nconstexpr double cool = 0.97;\nconstexpr int iters = 300;\n' +
        'constexpr float t_2 = 5.0f;\nconstexpr double acc_2 = - 0.25;\nconstexpr long long big_2 = 500000LL;\n',
    );
    expect(p.source).toContain('const double COOL = cool;');
    expect(p.source).toContain('acc += t * acc_2;');
    expect(cppRun(p.source, '')).toBe(cppRun(original, ''));
    // Changed values reach the program, ints printed as integers.
    const changed = p.render({ iters: 301.4, acc: -0.5 });
    expect(changed).toContain('constexpr int iters = 301;');
    expect(changed).toContain('constexpr double acc_2 = -0.5;');
    expect(cppRun(changed, '')).toBe(cppRun(original.replace('ITERS = 300', 'ITERS = 301').replace('- 0.25', '-0.5'), ''));
  });

  it('refuses the number of a user-defined literal (the finder excludes it)', () => {
    const src = '#include <chrono>\nusing namespace std::chrono_literals;\nauto d = 15ms;\ndouble x = 2.5;\n';
    const r = findKnobsOffline(src, 'cpp');
    expect(r.knobs.map((k) => k.sourceLiteral)).toEqual(['2.5']);
    expect(r.excluded).toContainEqual({ literal: '15', line: 3, rule: 'user-literal' });
    expect(() => parameterise(src, 'cpp', [knob(src, 'd', '15', 15, 'int')])).toThrow(/knob "d".*user-defined literal/);
  });

  it('names that would collide with an identifier or a keyword get a fresh spelling', () => {
    const src = '#include <cstdio>\nint main() { double step = 0.5 * 3.0; int delta = 2; printf("%g %d\\n", step, delta); return 0; }\n';
    const k1 = { ...knob(src, 'step', '3.0', 3, 'float') };
    const k2 = { ...knob(src, 'int', '0.5', 0.5, 'float') };
    const p = parameterise(src, 'cpp', [k1, k2]);
    expect(p.references).toEqual({ step: 'step_2', int: 'bo_int' });
    expect(cppRun(p.source, '')).toBe(cppRun(src, ''));
  });
});

describe('the demo programs: the rewrite with the defaults behaves exactly as the original', () => {
  it('circle packing (Python, numpy): the same sum of radii to the last bit', () => {
    const original = pySeed.join('\n') + '\n';
    const p = parameterise(original, 'python', findKnobsOffline(original, 'python').knobs);
    expect(p.source.split('\n').slice(0, 4)).toEqual([
      '# EVOLVE-BLOCK-START',
      '"""Constructor-based circle packing: 26 circles in the unit square, maximise the sum of radii."""',
      '# Tuning knobs (Evoscope): each replaces a literal below.',
      'PARAMS = {',
    ]);
    const probe = '\nimport hashlib\n_c, _r, _s = run_packing()\nprint(repr(_s), hashlib.sha256(_c.tobytes() + _r.tobytes()).hexdigest())\n';
    const before = python(original + probe);
    expect(before).toMatch(/^Sum of radii: \d/);
    expect(python(p.source + probe)).toBe(before);
    // Tuning reaches the program.
    expect(python(p.render({ n_iters: 300 }) + probe)).not.toBe(before);
  }, 60_000);

  it('AHC routing (C++): the same tour and length on a seeded instance', () => {
    const original = cppSeed.join('\n') + '\n';
    const p = parameterise(original, 'cpp', findKnobsOffline(original, 'cpp').knobs);
    expect(p.source).toContain('constexpr int max_iters = 150000;\nconstexpr double t0 = 2000.0;\nconstexpr double t1 = 10.0;\n');
    let x = 12345;
    const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) % 1000;
    const pts = Array.from({ length: 60 }, () => `${rand()} ${rand()}`);
    const input = `60\n${pts.join('\n')}\n`;
    const runBoth = (code: string) => {
      const src = path.join(dir, `ahc${++nth}.cpp`);
      const bin = path.join(dir, `ahc${nth}`);
      writeFileSync(src, code);
      execFileSync('g++', ['-O2', '-std=c++17', '-o', bin, src], { timeout: 120_000 });
      const out = execFileSync(bin, [], { input, encoding: 'utf8', timeout: 60_000, stdio: ['pipe', 'pipe', 'pipe'] });
      return out;
    };
    const before = runBoth(original);
    expect(before.trim().split(' ')).toHaveLength(60);
    expect(runBoth(p.source)).toBe(before);
    expect(runBoth(p.render({ max_iters: 2000 }))).not.toBe(before);
  }, 120_000);
});
