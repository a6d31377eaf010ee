import { beforeAll, describe, expect, it } from 'vitest';
import { complexityLanguage, initParsers, lineComplexity, programComplexity, type Complexity } from './complexity';
import { complexitySeries, type ComplexityInput } from './complexitySeries';
import { normalizeCuda } from './normalizeCuda';
import { NUMBER_TOKEN, parseLiteral } from './numericLiterals';

// Snippets are arrays of lines; the comment after each line gives that line's numeric literals,
// then the running totals (numeric / tunable) worked out by hand.

beforeAll(async () => {
  await initParsers();
});

describe('numeric literal spellings', () => {
  it('Python: 1e-6, 0x1F, 3., .5, 1_000, 1j; nothing in strings, comments or docstrings', () => {
    const code = [
      'import math  # version 3.11 is a comment', //   -              0 / 0
      'VERSION = "1.2.3"', //                           string         0 / 0
      'tol = 1e-6', //                                  1e-6 yes       1 / 1
      'mask = 0x1F', //                                 hex: no        2 / 1
      'scale = 3.', //                                  yes            3 / 2
      'half = .5', //                                   yes            4 / 3
      'budget = 1_000', //                              yes            5 / 4
      'z = 1j', //                                      imaginary: no  6 / 4
      "'''bare string 42'''", //                        a comment line 6 / 4
    ].join('\n');
    expect(programComplexity(code, 'python')).toEqual<Complexity>({
      language: 'python',
      loc: 8,
      lines: 9,
      numericLiterals: 6,
      tunableLiterals: 4,
      functions: 0,
      maxNestingDepth: 0,
      parseErrors: false,
    });
  });

  it('C++: 2.0f, 1000000LL, 1e9, digit separators, #define bodies, strings and comments', () => {
    const code = [
      '#include <bits/stdc++.h>', //                    -                        0 / 0
      '#define TIME_LIMIT 1.9  // 2.5', //              1.9: one-literal define   1 / 1
      '#define MAXN (1 << 20)', //                      1, 20: not one literal    3 / 1
      'const double INF = 1e9; /* 7 */', //             1e9                       4 / 2
      'float w = 2.0f;', //                                                       5 / 3
      'long long big = 1000000LL;', //                                            6 / 4
      "int sep = 1'000'000;", //                                                  7 / 5
      'unsigned mask = 0xFFu;', //                      hex: no                   8 / 5
      'const char* s = "42 is a string";', //                                     8 / 5
      "char c = '7';", //                               a character, not a number 8 / 5
    ].join('\n');
    const c = programComplexity(code, 'cpp');
    expect(c).toMatchObject({ language: 'cpp', numericLiterals: 8, tunableLiterals: 5, loc: 10, lines: 10, parseErrors: false });
  });

  it('parseLiteral and NUMBER_TOKEN read the spellings', () => {
    expect(parseLiteral('1000000LL')).toEqual({ abs: 1e6, nonDecimal: false });
    expect(parseLiteral('2.0f')).toEqual({ abs: 2, nonDecimal: false });
    expect(parseLiteral('-1')).toEqual({ abs: 1, nonDecimal: false });
    expect(parseLiteral('1_000')).toEqual({ abs: 1000, nonDecimal: false });
    expect(parseLiteral("1'000'000")).toEqual({ abs: 1e6, nonDecimal: false });
    expect(parseLiteral('.5')).toEqual({ abs: 0.5, nonDecimal: false });
    expect(parseLiteral('1.e3')).toEqual({ abs: 1000, nonDecimal: false });
    expect(parseLiteral('0x1F')).toEqual({ abs: 31, nonDecimal: true });
    expect(parseLiteral('017')).toEqual({ abs: 15, nonDecimal: true });
    expect(parseLiteral('0')).toEqual({ abs: 0, nonDecimal: false });
    expect('x2 = 1e-6 + 0x1F + 3. + .5 + 1_000 + 2.0f + v1.5.2'.match(NUMBER_TOKEN)).toEqual(['1e-6', '0x1F', '3.', '.5', '1_000', '2.0f']);
  });
});

describe('tunable literals', () => {
  it('Python: B.9-style rules as far as a parser can tell', () => {
    const code = [
      'def anneal(state, steps=5000, cooling=0.995):', //      defaults: yes                  2 / 2
      '    temp = 10.0', //                                    assignment: yes                3 / 3
      '    grid = np.zeros((50, 2))', //                       shape: no                      5 / 3
      '    np.random.seed(42)', //                             seed: no                       6 / 3
      '    for i in range(steps):', //                                                        6 / 3
      '        if state[3] < 0.25 and temp > 1e-3:', //        index: no; comparisons: yes    9 / 5
      '            x = state[i] ** 2 + math.pow(temp, 2) / 2', // square, pow 2, half: no    12 / 5
      '            temp *= cooling', //                                                       12 / 5
      '            flags = i << 4 | 0', //                     shift, 0: no                  14 / 5
      '            vertices = [[0.0, 0.0], [0.5, 0.866]]', //  table: no                     18 / 5
      '            out = run(state, tol=1e-8, axis=3)', //     keyword yes, axis no          20 / 6
      '            label = f"{i:3d} {7}"', //                  inside a string                20 / 6
      '            y = -(2.5) + x / 3', //                     wrapped 2.5, divisor 3: yes   22 / 8
      '            w = {4: 0.3}', //                           key no, value yes             24 / 9
      '            dx = x ** 0.5', //                          square root: no               25 / 9
      '            m = ~8', //                                 bitwise: no                   26 / 9
      '    return temp', //                                                                   26 / 9
    ].join('\n');
    expect(programComplexity(code, 'python')).toMatchObject({
      numericLiterals: 26,
      tunableLiterals: 9,
      functions: 1,
      maxNestingDepth: 2, // for > if
      parseErrors: false,
    });
  });

  it('C++: array sizes, template arguments, subscripts, shifts, case labels, initializer lists', () => {
    const code = [
      'int grid[64][64];', //                                   sizes: no                       2 / 0
      'std::array<int, 4> dirs;', //                            template argument: no           3 / 0
      'template <int K = 3> struct T {};', //                    template parameter: no          4 / 0
      'int main() {', //                                                                         4 / 0
      '  for (int i = 0; i < 100; i++) {', //                   0 no, 100 yes                   6 / 1
      '    for (int j = 0; j < 100; j++) {', //                                                  8 / 2
      '      if (grid[i][j] > 3) {', //                         threshold: yes                  9 / 3
      '        grid[i][j] = (i << 2) / 2;', //                  shift, halving: no             11 / 3
      '      }', //
      '    }', //
      '  }', //
      '  switch (grid[0][0]) { case 5: break; }', //            indices, case label: no        14 / 3
      '  int dx[4] = {0, 1, 0, -1};', //                        size, table: no                19 / 3
      '  double r = pow(r0, 2) * 0.75;', //                     pow 2 no, 0.75 yes             21 / 4
      '  return 0;', //                                                                        22 / 4
      '}', //
    ].join('\n');
    expect(programComplexity(code, 'c++')).toMatchObject({
      numericLiterals: 22,
      tunableLiterals: 4,
      functions: 1,
      maxNestingDepth: 3, // for > for > if
      parseErrors: false,
    });
  });
});

describe('structure', () => {
  it('Python nesting: loops nest, elif and else do not', () => {
    const code = [
      'def f(n):',
      '    for i in range(n):', //          1
      '        for j in range(n):', //      2
      '            while j < i:', //        3
      '                j += 1',
      '    if n:', //                       1
      '        pass',
      '    elif n > 1:', //                 still 1
      '        pass',
      '    else:',
      '        pass',
      'class C:',
      '    def m(self):', //                 a method is a function
      '        return lambda q: q', //        a lambda is not
    ].join('\n');
    expect(programComplexity(code, 'py')).toMatchObject({ functions: 2, maxNestingDepth: 3 });
  });

  it('C++ nesting: an else-if chain stays at one level', () => {
    const code = [
      'int f(int n) {',
      '  if (n == 1) return 1;', //                   1
      '  else if (n == 2) return 2;', //              still 1
      '  else if (n == 3) return 3;', //              still 1
      '  else { while (n) { do { n--; } while (n > 5); } }', // while 2, do 3
      '  return 0;',
      '}',
      'struct S { double g() const { return 2.5; } };', // a member function
    ].join('\n');
    expect(programComplexity(code, 'cc')).toMatchObject({ functions: 2, maxNestingDepth: 3 });
  });

  it('LOC skips blank and comment-only lines and docstrings, not "#" inside strings', () => {
    const py = [
      '"""Module docstring', //                       docstring: not code
      'spanning 3 lines', //
      '"""', //
      '# comment', //
      '', //
      'x = "# not a comment"  # trailing', //          code 1
      'def f():', //                                   code 2
      "    '''doc'''", //                               docstring
      '    return x  # 9', //                           code 3
    ].join('\n');
    expect(programComplexity(py, 'python')).toMatchObject({ loc: 3, lines: 9, numericLiterals: 0 });

    const cpp = [
      '/* block', //
      '   comment */', //
      'int a = 1; /* inline */ int b = 2;', //          code 1
      '// line comment', //
      '   ', //
      'int c = 3; // 4', //                             code 2
      'const char* s = "// not a comment 5";', //       code 3
      '', //                                            a trailing newline, not a line
    ].join('\n');
    expect(programComplexity(cpp, 'cpp')).toMatchObject({ loc: 3, lines: 7, numericLiterals: 3, tunableLiterals: 2 });
  });

  it('reads literals at the right offsets after non-ASCII text', () => {
    // If tree-sitter offsets were bytes, the sliced token would not be "0" and would count as tunable.
    expect(programComplexity('s = "é😀"; x = 0\n', 'python')).toMatchObject({ numericLiterals: 1, tunableLiterals: 0 });
    expect(programComplexity('auto s = "é😀"; int x = 0; // ü\n', 'cpp')).toMatchObject({ numericLiterals: 1, tunableLiterals: 0, loc: 1 });
  });
});

describe('syntax errors and CUDA', () => {
  it('a file with a syntax error still yields counts, flagged', () => {
    const py = [
      'def broken(x:', //        unclosed parameter list
      '    y = 0.5 * x', //       0.5
      '    return y + 2', //      2
    ].join('\n');
    expect(programComplexity(py, 'python')).toMatchObject({ parseErrors: true, numericLiterals: 2, loc: 3, lines: 3 });
    const cpp = 'int main() { int x = 3 +; return 7; }';
    expect(programComplexity(cpp, 'cpp')).toMatchObject({ parseErrors: true, numericLiterals: 2, functions: 1 });
  });

  it('CUDA: qualifiers and kernel launches parse cleanly; launch configurations are call arguments', () => {
    const code = [
      '__global__ void scale(float* __restrict__ x, int n) {', //
      '  __shared__ float tile[256];', //                         array size: no           1 / 0
      '  int i = blockIdx.x * blockDim.x + threadIdx.x;', //
      '  if (i < n) x[i] *= 0.5f;', //                             yes                      2 / 1
      '}', //
      '__launch_bounds__(256) __global__ void other() {}', //      attribute: no            3 / 1
      'int main() {', //
      '  scale<<<(n + 255) / 256, 256>>>(d, n);', //               grid and block: yes      6 / 4
      '  scale<<<grid, block, 0, stream>>>(d, n);', //             0: no                    7 / 4
      '  std::vector<std::vector<std::vector<int>>> v;', //        ">>>" of templates kept
      '}', //
    ].join('\n');
    expect(programComplexity(code, 'cuda')).toEqual<Complexity>({
      language: 'cpp',
      loc: 11,
      lines: 11,
      numericLiterals: 7,
      tunableLiterals: 4,
      functions: 3,
      maxNestingDepth: 1,
      parseErrors: false,
    });
    const normalized = normalizeCuda(code);
    expect(normalized).toHaveLength(code.length);
    expect(normalized.split('\n')).toHaveLength(code.split('\n').length);
    expect(normalized).toContain('scale(  (n + 255) / 256, 256  )(d, n);');
    expect(normalized).toContain('std::vector<std::vector<std::vector<int>>> v;');
  });
});

describe("the 'other' fallback", () => {
  it('counts non-blank lines and regex numbers, identifiers like x2 excluded', () => {
    const code = [
      'x2 = 10 + y3 * 0.5   -- 1e3 "7"', // 10, 0.5, 1e3, 7 (comments and strings are not known)
      '', //
      'z = 0', //                           0: not tunable
    ].join('\n');
    const expected: Complexity = {
      language: 'other',
      loc: 2,
      lines: 3,
      numericLiterals: 5,
      tunableLiterals: 4,
      functions: 0,
      maxNestingDepth: 0,
      parseErrors: false,
    };
    expect(programComplexity(code, 'julia')).toEqual(expected);
    expect(programComplexity(code, null)).toEqual(expected);
    expect(lineComplexity('')).toMatchObject({ loc: 0, lines: 0, numericLiterals: 0 });
  });

  it('maps language names', () => {
    expect(['python', 'Py', 'python3'].map(complexityLanguage)).toEqual(['python', 'python', 'python']);
    expect(['cpp', 'c++', 'c', 'cuda', 'cu', 'cc', 'cxx', 'h', 'hpp', '.cu'].map(complexityLanguage)).toEqual(Array(10).fill('cpp'));
    expect(['rust', '', null].map(complexityLanguage)).toEqual(['other', 'other', 'other']);
  });
});

describe('complexitySeries', () => {
  const prog = (seq: number, iteration: number, lines: number, valid = true): ComplexityInput => ({
    seq,
    iteration,
    code: Array.from({ length: lines }, (_, i) => `x${i} = ${i + 2}`).join('\n'),
    language: 'python',
    valid,
  });

  it('buckets iterations into at most maxPoints buckets with medians and means', () => {
    // LOC 1, 2, 3 at iterations 0, 0, 1 and 5 at iteration 3; span 4, 2 points -> buckets of 2.
    const programs = [prog(0, 0, 1), prog(1, 0, 2), prog(2, 1, 3, false), prog(3, 3, 5), prog(4, NaN, 7)];
    const s = complexitySeries(programs, { maxPoints: 2 });
    expect(s.rows.map((r) => [r.seq, r.loc, r.tunableLiterals])).toEqual([[0, 1, 1], [1, 2, 2], [2, 3, 3], [3, 5, 5], [4, 7, 7]]);
    expect(s.bucketSize).toBe(2);
    expect(s.buckets).toEqual([
      {
        iterationStart: 0,
        iterationEnd: 1,
        programs: 3,
        validPrograms: 2,
        parseErrors: 0,
        loc: { median: 2, mean: 2 },
        numericLiterals: { median: 2, mean: 2 },
        tunableLiterals: { median: 2, mean: 2 },
      },
      {
        iterationStart: 2,
        iterationEnd: 3,
        programs: 1,
        validPrograms: 1,
        parseErrors: 0,
        loc: { median: 5, mean: 5 },
        numericLiterals: { median: 5, mean: 5 },
        tunableLiterals: { median: 5, mean: 5 },
      },
    ]);
    const valid = complexitySeries(programs, { maxPoints: 2, validOnly: true });
    expect(valid.buckets[0].loc).toEqual({ median: 1.5, mean: 1.5 });
  });

  it('caps a long run at 200 points by default', () => {
    const programs = Array.from({ length: 1000 }, (_, i) => prog(i, i, 1 + (i % 3)));
    const s = complexitySeries(programs);
    expect(s.bucketSize).toBe(5);
    expect(s.buckets).toHaveLength(200);
    expect(s.buckets[0]).toMatchObject({ iterationStart: 0, iterationEnd: 4, programs: 5 });
  });

  it('measures each distinct source once through the cache', () => {
    const cache = new Map<string, Complexity>();
    const programs = [prog(0, 0, 4), prog(1, 1, 4), prog(2, 2, 4), { ...prog(3, 3, 4), language: 'julia' }];
    complexitySeries(programs, { cache });
    expect(cache.size).toBe(2); // the same code as Python and as 'other' differs
    const keyed = new Map<string, Complexity>();
    complexitySeries(programs, { cache: keyed, key: (p) => String(p.seq % 2) });
    expect([...keyed.keys()].sort()).toEqual(['0', '1']);
  });
});
