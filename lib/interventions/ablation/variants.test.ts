import { beforeAll, describe, expect, it } from 'vitest';
import { initParsers } from '../../analysis/treeSitter';
import { functionSpans } from './functions';
import { lineEdit } from './hunks';
import { ablationVariants } from './variants';

beforeAll(async () => {
  await initParsers();
});

const PY_PARENT = `import math

STEPS = 100


class Packer:
    def radius(self, x):
        return x * 0.5

    def area(self, r):
        return math.pi * r * r


def solve(n):
    total = 0
    for i in range(n):
        total += i
    return total


def main():
    print(solve(STEPS))
`;

// Two far-apart hunks: the constant at the top, and a method body; plus a new helper function.
const PY_CHILD = PY_PARENT.replace('STEPS = 100', 'STEPS = 200')
  .replace('        return x * 0.5\n', '        return x * 0.75\n')
  .replace('\n\ndef main():', '\n\ndef helper(k):\n    return k + 1\n\n\ndef main():');

describe('ablationVariants: hunks', () => {
  it('cuts the edit into its changed regions (difflib, context 0) and reverts each alone', () => {
    const plans = ablationVariants(PY_PARENT, PY_CHILD, null, { functions: false });
    expect(plans.map((p) => p.unit)).toEqual(['hunk', 'hunk', 'hunk', 'whole']);
    expect(plans.map((p) => p.header)).toEqual(['@@ -3 +3 @@', '@@ -8 +8 @@', '@@ -20,0 +21,4 @@', 'the parent program']);
    expect(plans[0].source).toBe(PY_CHILD.replace('STEPS = 200', 'STEPS = 100'));
    expect(plans[1].source).toBe(PY_CHILD.replace('x * 0.75', 'x * 0.5'));
    expect(plans[2].source).toContain('STEPS = 200');
    expect(plans[2].source).not.toContain('def helper');
    expect(plans[2].parentLines).toBeNull();
    expect(plans[2].childLines).toEqual([21, 24]);
    expect(plans[3].source).toBe(PY_PARENT);
  });

  it('keeps line endings: reverting every hunk in turn gives the parent byte for byte, CRLF and a missing final newline included', () => {
    const parent = 'a\r\nb\r\nx\r\nc';
    const child = 'a\r\nB\r\nx\r\nc\n';
    const edit = lineEdit(parent, child);
    expect(edit.hunks.map((h) => h.header)).toEqual(['@@ -2 +2 @@', '@@ -4 +4 @@']);
    const plans = ablationVariants(parent, child, null, { functions: false });
    expect(plans[0].source).toBe('a\r\nb\r\nx\r\nc\n');
    expect(plans[1].source).toBe('a\r\nB\r\nx\r\nc');
  });

  it('keeps one variant of a one-hunk edit and says in its label that it is the whole edit', () => {
    const child = PY_PARENT.replace('STEPS = 100', 'STEPS = 300');
    const plans = ablationVariants(PY_PARENT, child, 'python', { functions: true });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ unit: 'hunk', label: 'hunk 1 (= whole edit)', source: PY_PARENT });
  });

  it('plans nothing for an edit that changes nothing', () => {
    expect(ablationVariants(PY_PARENT, PY_PARENT, 'python', { functions: true })).toEqual([]);
  });
});

describe('ablationVariants: functions (Python)', () => {
  it('names functions by qualified name, methods and nested functions included', () => {
    const src = `${PY_PARENT}\n\ndef outer():\n    @staticmethod\n    def inner():\n        pass\n    return inner\n`;
    expect(functionSpans(src, 'python').map((f) => f.key)).toEqual(['Packer.radius', 'Packer.area', 'solve', 'main', 'outer', 'outer.inner']);
    expect(functionSpans(src, 'python').find((f) => f.key === 'outer.inner')).toMatchObject({ start: 25, end: 27 }); // decorator to `pass`, 0-based;
  });

  it('reverts each touched function to the parent version and removes a function the edit added', () => {
    const plans = ablationVariants(PY_PARENT, PY_CHILD, 'python', { functions: true });
    const fns = plans.filter((p) => p.unit === 'function');
    // The method is exactly hunk 2 and the new helper exactly hunk 3: deduplicated into the hunks' labels.
    expect(fns).toEqual([]);
    expect(plans.map((p) => p.label)).toEqual(['hunk 1', 'hunk 2 (= function Packer.radius)', 'hunk 3 (= function helper)', 'whole edit (the parent)']);
  });

  it('a function with two changes is one variant reverting both; a function the edit deleted is put back', () => {
    const child = PY_PARENT.replace('    total = 0\n', '    total = 1\n')
      .replace('    return total\n', '    return total * 2\n')
      .replace('    def area(self, r):\n        return math.pi * r * r\n', '    pass\n');
    const plans = ablationVariants(PY_PARENT, child, 'python', { functions: true });
    expect(plans.map((p) => p.label)).toEqual(['hunk 1', 'hunk 2', 'hunk 3', 'function solve', 'function Packer.area', 'whole edit (the parent)']);
    expect(plans[3].source).toBe(PY_PARENT.replace('    def area(self, r):\n        return math.pi * r * r\n', '    pass\n'));
    expect(plans[3].header).toBe("solve: child lines 13-17 replaced by the parent's lines 14-18");
  });

  it('puts a deleted function back where it stood, beside what replaced it', () => {
    const child = PY_PARENT.replace('    def area(self, r):\n        return math.pi * r * r\n', '    pass\n').replace('    total = 0\n', '    total = 1\n');
    const plans = ablationVariants(PY_PARENT, child, 'python', { functions: true });
    expect(plans.map((p) => p.label)).toEqual(['hunk 1', 'hunk 2 (= function solve)', 'function Packer.area', 'whole edit (the parent)']);
    expect(plans[2].source).toBe(child.replace('    pass\n', '    def area(self, r):\n        return math.pi * r * r\n    pass\n'));
    expect(plans[2].childLines).toBeNull();
  });
});

const CPP_PARENT = `#include <cstdio>

namespace geo {
struct Box {
  int w = 2;
  int area() const { return w * w; }
  int side() const {
    return w;
  }
};
}

int solve(int n) { return n + 1; }
int solve(double x) {
  return (int)x;
}

int main() {
  geo::Box b;
  std::printf("%d\\n", solve(b.area()));
  return 0;
}
`;

describe('ablationVariants: functions (C++)', () => {
  it('names methods through namespaces and classes, and overloads by position', () => {
    expect(functionSpans(CPP_PARENT, 'cpp').map((f) => f.key)).toEqual(['geo::Box::area', 'geo::Box::side', 'solve', 'solve#2', 'main']);
  });

  it('reverts the touched function and the touched overload separately', () => {
    const child = CPP_PARENT.replace('  int side() const {\n    return w;\n', '  int side() const {\n    int s = w;\n    return s;\n')
      .replace('  return (int)x;\n', '  return (int)(x + 0.5);\n')
      .replace('  geo::Box b;\n', '  geo::Box b;\n  b.w = 3;\n');
    const plans = ablationVariants(CPP_PARENT, child, 'cpp', { functions: true });
    expect(plans.map((p) => p.label)).toEqual([
      'hunk 1 (= function geo::Box::side)',
      'hunk 2 (= function solve#2)',
      'hunk 3 (= function main)',
      'whole edit (the parent)',
    ]);
    const twoChanges = child.replace('  b.w = 3;\n', '').replace('  geo::Box b;\n', '  geo::Box b;\n  b.w = 3;\n  int unused = 0;\n').replace('  return 0;\n', '  return 1;\n');
    const plans2 = ablationVariants(CPP_PARENT, twoChanges, 'cpp', { functions: true });
    const main = plans2.find((p) => p.label === 'function main')!;
    expect(main.header).toBe('main: child lines 19-25 replaced by the parent\'s lines 18-22');
    expect(main.source).toBe(twoChanges.replace('  b.w = 3;\n  int unused = 0;\n', '').replace('  return 1;\n', '  return 0;\n'));
  });

  it('leaves function variants out for languages without a grammar and when asked not to', () => {
    const child = CPP_PARENT.replace('  return (int)x;\n', '  return (int)(x + 0.5);\n').replace('  return 0;\n', '  return 1;\n');
    expect(ablationVariants(CPP_PARENT, child, 'cpp', { functions: false }).map((p) => p.unit)).toEqual(['hunk', 'hunk', 'whole']);
    expect(ablationVariants(CPP_PARENT, child, null, { functions: true }).map((p) => p.unit)).toEqual(['hunk', 'hunk', 'whole']);
  });
});
