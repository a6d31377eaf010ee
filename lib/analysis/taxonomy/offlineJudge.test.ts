// One hand-written parent/child pair (Python and C++) per rule family of the offline judge,
// plus the edge cases that must never throw.
import { beforeAll, describe, expect, it } from 'vitest';
import { initParsers } from '../treeSitter';
import { judgeEditOffline } from './offlineJudge';

beforeAll(() => initParsers());

const PY = `import math

def score(xs, alpha=0.5):
    total = 0.0
    for x in xs:
        total += alpha * x
    return total

def best(items):
    out = []
    for it in items:
        if it.ok:
            out.append(it)
    return out
`;

const CPP = `#include <vector>

double score(const std::vector<double>& xs, double alpha) {
    double total = 0.0;
    for (size_t i = 0; i < xs.size(); ++i) {
        total += alpha * xs[i];
    }
    return total;
}

int pick(int n) {
    int k = n / 2;
    return k;
}
`;

const labels = (p: string, c: string, lang = 'python') => judgeEditOffline(p, c, lang).labels;

describe('offline judge: rule families', () => {
  it('hyperparameter_tuning: only numeric literals changed (Python and C++)', () => {
    const j = judgeEditOffline(PY, PY.replace('alpha=0.5', 'alpha=0.75'), 'python');
    expect(j.labels).toEqual(['hyperparameter_tuning']);
    expect(j.evidence.hyperparameter_tuning).toEqual({ added: [3], removed: [3] });
    expect(labels(CPP, CPP.replace('n / 2', 'n / 3'), 'cpp')).toEqual(['hyperparameter_tuning']);
  });

  it('external_dependency: an import / include added', () => {
    const j = judgeEditOffline(PY, `import numpy as np\n${PY}`, 'python');
    expect(j.labels).toEqual(['external_dependency']);
    expect(j.evidence.external_dependency?.added).toEqual([1]);
    expect(labels(CPP, `#include <algorithm>\n${CPP}`, 'cpp')).toEqual(['external_dependency']);
  });

  it('refactor: a consistent rename, and an edit of comments only', () => {
    expect(labels(PY, PY.replaceAll('total', 'acc'))).toEqual(['refactor']);
    expect(labels(PY, PY.replace('    return total', '    # the sum\n    return total'))).toEqual(['refactor']);
    expect(labels(CPP, CPP.replace('int k = n / 2;', '// half\n    int k = n / 2;'), 'cpp')).toEqual(['refactor']);
  });

  it('refactor: a comparison written the other way round', () => {
    expect(labels(CPP, CPP.replace('i < xs.size()', 'xs.size() > i'), 'cpp')).toEqual(['refactor']);
  });

  it('refactor: two functions swapped (moved code)', () => {
    const [a, b] = PY.split('\ndef best');
    expect(labels(PY, `import math\n\ndef best${b}\n${a.replace('import math\n', '')}`)).toContain('refactor');
  });

  it('pruning: a branch / routine removed, the rest intact', () => {
    expect(labels(PY, PY.replace('        if it.ok:\n            out.append(it)\n', ''))).toEqual(['pruning']);
    const noPick = CPP.slice(0, CPP.indexOf('int pick'));
    const j = judgeEditOffline(CPP, noPick, 'cpp');
    expect(j.labels).toEqual(['pruning']);
    expect(j.evidence.pruning?.removed).toContain(11);
  });

  it('composition: a new routine, a new branch added alongside the old code', () => {
    const withHelper = `${PY}\ndef mean(xs):\n    n = len(xs)\n    return score(xs, 1.0) / n\n`;
    expect(labels(PY, withHelper)).toEqual(['composition']);
    const branch = PY.replace(
      '            out.append(it)\n',
      '            out.append(it)\n        elif it.retry:\n            out.insert(0, it.retry_copy())\n            out.sort(key=lambda o: o.rank)\n',
    );
    expect(labels(PY, branch)).toEqual(['composition']);
    const cppLoop = CPP.replace('    return total;\n}', '    for (size_t i = 0; i < xs.size(); ++i) {\n        total -= 0.1 * xs[i] * xs[i];\n    }\n    return total;\n}');
    expect(labels(CPP, cppLoop, 'cpp')).toContain('composition');
  });

  it('architectural_change: a routine body replaced with little in common', () => {
    const p = `def solve(points):\n    best = None\n    for a in points:\n        for b in points:\n            d = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2\n            if best is None or d < best:\n                best = d\n    return best\n\ndef main():\n    print(solve([(0, 0), (1, 1)]))\n`;
    const c = `def solve(points):\n    pts = sorted(points, key=lambda q: q[0])\n    stack = []\n    while pts:\n        head = pts.pop()\n        stack.extend(divide(head, len(stack)))\n        merge(stack)\n    return stack[-1]\n\ndef main():\n    print(solve([(0, 0), (1, 1)]))\n`;
    expect(labels(p, c)).toContain('architectural_change');
  });

  it('bug_fix: a guard, a flipped comparison, a clamp, an off-by-one, a sentinel', () => {
    expect(labels(PY, PY.replace('    total = 0.0\n', '    if not xs:\n        return 0.0\n    total = 0.0\n'))).toEqual(['bug_fix']);
    expect(labels(CPP, CPP.replace('i < xs.size()', 'i <= xs.size()'), 'cpp')).toEqual(['bug_fix']);
    expect(labels(CPP, CPP.replace('int k = n / 2;', 'int k = std::max(0, n / 2);'), 'cpp')).toEqual(['bug_fix']);
    expect(labels(CPP, CPP.replace('alpha * xs[i]', 'alpha * xs[i - 1]'), 'cpp')).toEqual(['bug_fix']);
    // A +-1 outside an index or a range bound is an offset retuned (literal arithmetic).
    expect(labels(CPP, CPP.replace('return k;', 'return k - 1;'), 'cpp')).toEqual(['hyperparameter_tuning']);
    expect(labels(PY, PY.replace('total += alpha * x', 'total += alpha * x / (abs(x) + 1e-12)'))).toContain('bug_fix');
  });

  it('efficiency: a loop replaced by a vectorised call, caching, an early exit', () => {
    const vec = PY.replace('    total = 0.0\n    for x in xs:\n        total += alpha * x\n    return total', '    return float(np.sum(alpha * np.asarray(xs)))');
    expect(labels(PY, vec)).toContain('efficiency');
    const cached = PY.replace('def score', '@lru_cache(maxsize=None)\ndef score');
    expect(labels(PY, cached)).toEqual(['efficiency']);
    const early = PY.replace('            out.append(it)\n', '            out.append(it)\n            if len(out) >= 10:\n                break\n');
    expect(labels(PY, early)).toContain('efficiency');
  });

  it('architectural_change in C++: a routine body replaced by a different approach', () => {
    const p = `int pick(const std::vector<int>& v) {\n    int best = 0;\n    for (size_t i = 0; i < v.size(); ++i) {\n        for (size_t j = i + 1; j < v.size(); ++j) {\n            if (v[i] + v[j] > best) best = v[i] + v[j];\n        }\n    }\n    return best;\n}\n`;
    const c = `int pick(const std::vector<int>& v) {\n    std::vector<int> w(v);\n    std::nth_element(w.begin(), w.begin() + 1, w.end(), std::greater<int>());\n    return w.size() < 2 ? 0 : w[0] + w[1];\n}\n`;
    const j = judgeEditOffline(p, c, 'cuda');
    expect(j.labels).toContain('architectural_change');
    expect(j.evidence.architectural_change?.removed).toContain(3);
  });

  it('efficiency in C++ / CUDA: a speed idiom added to an existing loop', () => {
    const p = `__global__ void scale(float* x, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    for (; i < n; i += gridDim.x * blockDim.x) x[i] *= 2.0f;\n}\n`;
    const c = p.replace('float* x', 'float* __restrict__ x');
    expect(labels(p, c, 'cuda')).toEqual(['efficiency']);
  });

  it('pruning in Python: a routine removed, the rest intact', () => {
    const j = judgeEditOffline(PY, PY.slice(0, PY.indexOf('def best')), 'python');
    expect(j.labels).toEqual(['pruning']);
    expect(j.rationale).toContain('best()');
  });

  it('local_refinement: a contained statement edit inside one routine', () => {
    const j = judgeEditOffline(PY, PY.replace('out.append(it)', 'out.append(it.normalized())'), 'python');
    expect(j.labels).toEqual(['local_refinement']);
    expect(j.rationale).toContain('best()');
    expect(labels(CPP, CPP.replace('total += alpha * xs[i];', 'total += alpha * xs[i] * xs[i];'), 'cpp')).toEqual(['local_refinement']);
  });

  it('multi-label: literals retuned and an import added in one edit', () => {
    expect(labels(PY, `import numpy as np\n${PY.replace('alpha=0.5', 'alpha=0.9')}`)).toEqual(['hyperparameter_tuning', 'external_dependency']);
  });
});

describe('offline judge: edge cases', () => {
  it('identical sources: no label', () => {
    const j = judgeEditOffline(PY, PY, 'python');
    expect(j).toEqual({ labels: [], rationale: 'identical sources: no edit', evidence: {} });
  });

  it('empty parent: everything is new', () => {
    const j = judgeEditOffline('', PY, 'python');
    expect(j.labels.length).toBeGreaterThan(0);
    expect(j.labels).toContain('composition');
  });

  it('unparsable code is judged on the recovered tree and says so', () => {
    const broken = PY.replace('def best(items):', 'def best(items:\n    ))((');
    const j = judgeEditOffline(PY, broken, 'python');
    expect(j.rationale).toContain('parse errors');
    expect(j.labels.length).toBeGreaterThan(0);
  });

  it('unknown language: the token-level fallback, named in the rationale', () => {
    const p = 'fn main() {\n    let x = 3;\n    println!("{}", x);\n}\n';
    const j = judgeEditOffline(p, p.replace('3', '4'), 'rust');
    expect(j.labels).toEqual(['hyperparameter_tuning']);
    expect(j.rationale).toMatch(/^token-level fallback \(no parser for "rust"\)/);
  });

  it('huge diffs finish and label canonically', () => {
    const big = Array.from({ length: 3000 }, (_, k) => `x_${k} = f(${k}.5)`).join('\n');
    const other = Array.from({ length: 3000 }, (_, k) => `y_${k} = g(${k}, ${k % 7})`).join('\n');
    const t = Date.now();
    const j = judgeEditOffline(big, other, 'python');
    expect(Date.now() - t).toBeLessThan(5000);
    expect(j.labels).toEqual([...j.labels].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(j.labels).toContain('architectural_change');
  });

  it('odd text never throws: CRLF, non-ASCII, unterminated strings and comments, NUL bytes', () => {
    const odd = [
      [PY.replaceAll('\n', '\r\n'), PY.replaceAll('\n', '\r\n').replace('0.5', '0.6')],
      [PY, PY.replace('total', 'tötal_π').replace('out = []', 's = "unterminated\n    out = []')],
      [CPP, CPP.replace('int k', '/* never closed\n int k')],
      ['\0\0\0', 'x = 1\0\n'],
      [PY, `${PY}\n'''open docstring`],
      ['', ''],
      ['a', ''],
    ];
    for (const [p, c] of odd) {
      for (const lang of ['python', 'cpp', 'cuda', 'julia', '']) {
        const j = judgeEditOffline(p, c, lang);
        expect(j.labels).toEqual([...j.labels].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
        expect(j.rationale).not.toContain('\n');
      }
    }
  });

  it('is deterministic', () => {
    const c = `import numpy as np\n${PY.replace('alpha=0.5', 'alpha=0.25').replace('out.append(it)', 'out.append(it.copy())')}`;
    expect(judgeEditOffline(PY, c, 'python')).toEqual(judgeEditOffline(PY, c, 'python'));
  });
});

const ORDER = ['hyperparameter_tuning', 'local_refinement', 'architectural_change', 'composition', 'efficiency', 'bug_fix', 'pruning', 'refactor', 'external_dependency'];

// The annotators' decision rule (README.md): one label unless a second has evidence of its own.
describe('offline judge: decision rule', () => {
  const PARENT = `STEPS = 200

def place(n):
    pts = []
    for i in range(n):
        x = (i % 5) / 5.0 + 0.1
        y = (i // 5) / 5.0 + 0.1
        pts.append((x, y))
    return pts

def shuffle(pts):
    return pts[::-1]

def main():
    print(place(STEPS))
`;

  it('a rework explains what comes with it: its new helper, clamp, removed routine and call-site edit are not labelled apart', () => {
    const child = `STEPS = 300

def place(n):
    rng = random.Random(7)
    pts = [(rng.random(), rng.random()) for _ in range(3 * n)]
    while len(pts) > n:
        worst = min(range(len(pts)), key=lambda k: spread(pts, k))
        pts.pop(worst)
    return pts

def spread(pts, k):
    return min(abs(pts[k][0] - q[0]) + abs(pts[k][1] - q[1]) for q in pts if q is not pts[k])

def main():
    print(sorted(place(STEPS)))
`;
    const j = judgeEditOffline(PARENT, child, 'python');
    // Before the rule: + local_refinement, composition (spread), bug_fix (min), pruning (shuffle).
    expect(j.labels).toEqual(['hyperparameter_tuning', 'architectural_change']);
    // The retune outside the reworked code keeps its own label and line.
    expect(j.evidence.hyperparameter_tuning).toEqual({ added: [1], removed: [1] });
    expect(j.rationale).toMatch(/^python syntax: literal values changed; block of place\(\) replaced/);
  });

  const SCORE = `def score(cells, width, height, edge_bonus, weights):
    total = 0.0
    for c in cells:
        base = weights[c.kind] * c.value
        bonus = 0.0
        if c.col == 0 or c.col == width - 1:
            bonus += edge_bonus
        if c.row == 0 or c.row == height - 1:
            bonus += edge_bonus
        if c.corner:
            bonus += 2 * edge_bonus
        total += base + bonus
        if c.locked:
            total -= weights[c.kind] * 0.5
    return total / max(1, len(cells))
`;
  const BONUS = /        bonus = 0\.0\n[\s\S]*?        total \+= base/;

  it('a few lines rewritten inside a routine that otherwise stays are not a core block: no architectural change', () => {
    // 43 tokens -> 20 at similarity 0.11: the smaller side is under 30 tokens, and score() keeps most of its tokens.
    const child = SCORE.replace(BONUS, '        d = border_distance[c.index]\n        bonus = edge_bonus * math.exp(-d / decay)\n        total += base');
    const j = judgeEditOffline(SCORE, child, 'python');
    expect(j.labels).not.toContain('architectural_change');
    expect(j.labels).toContain('local_refinement');
  });

  it('a core block replaced (both sides >= 30 tokens, similarity < 0.3) is an architectural change even in a routine that stays', () => {
    const child = SCORE.replace(
      BONUS,
      '        d = border_distance[c.index]\n        ring = rings.get(c.zone, default_ring)\n        bonus = edge_bonus * math.exp(-d / decay) + ring.weight * ring.level(c.kind)\n        total += base',
    );
    expect(labels(SCORE, child)).toEqual(['architectural_change']);
    // A constant of the reworked routine retuned with it comes with the new approach.
    expect(labels(SCORE, child.replace('weights[c.kind] * 0.5', 'weights[c.kind] * 0.25'))).toEqual(['architectural_change']);
  });

  it('pruning needs a code path removed with nothing in its place: not an unwrapped `if`, plain statements, or lines a hunk rewrites', () => {
    // The filter unwrapped (its body kept, re-indented): the hunk writes the body again.
    expect(labels(PY, PY.replace('        if it.ok:\n            out.append(it)\n', '        out.append(it)\n'))).toEqual(['local_refinement']);
    // Two plain statements deleted: a local edit, not a phase.
    const step = 'def step(state, rate):\n    state.count += 1\n    state.total += rate\n    state.history.append(rate)\n    state.last = rate\n    return state.total / state.count\n';
    expect(labels(step, step.replace('    state.history.append(rate)\n    state.last = rate\n', ''))).toEqual(['local_refinement']);
    // A branch deleted while the same hunk writes a replacement line: part of that edit.
    const swapped = SCORE.replace('        if c.corner:\n            bonus += 2 * edge_bonus\n', '        bonus *= c.weight\n');
    expect(labels(SCORE, swapped)).toEqual(['local_refinement']);
    // The same branch deleted with nothing in its place: a code path removed.
    const j = judgeEditOffline(SCORE, SCORE.replace('        if c.corner:\n            bonus += 2 * edge_bonus\n', ''), 'python');
    expect(j.labels).toEqual(['pruning']);
    expect(j.rationale).toContain('removed if');
    expect(j.evidence.pruning?.removed).toEqual([10, 11]);
  });

  it('a routine removed while a new one takes its place is replaced, not pruned', () => {
    const p = `def load(path):\n    with open(path) as fh:\n        return [line.split(',') for line in fh]\n\ndef shuffle_rows(rows, seed):\n    rng = random.Random(seed)\n    out = list(rows)\n    rng.shuffle(out)\n    return out\n\ndef main(path):\n    rows = load(path)\n    return shuffle_rows(rows, 3)\n`;
    const rotated = p
      .replace(/def shuffle_rows[\s\S]*?return out\n/, 'def rotate_rows(rows, k):\n    k = k % (len(rows) or 1)\n    return rows[k:] + rows[:k]\n')
      .replace('shuffle_rows(rows, 3)', 'rotate_rows(rows, 3)');
    const j = judgeEditOffline(p, rotated, 'python');
    expect(j.labels).not.toContain('pruning');
    expect(j.rationale).not.toContain('removed');
    // Removed with nothing in its place: pruned.
    expect(labels(p, p.replace(/def shuffle_rows[\s\S]*?return out\n\n/, '').replace('shuffle_rows(rows, 3)', 'rows'))).toContain('pruning');
  });

  const RADII = `def radii(centers, n):
    r = [0.0] * n
    for i in range(n):
        r[i] = min(centers[i][0], centers[i][1], 1 - centers[i][0], 1 - centers[i][1])
    for i in range(n):
        for j in range(i + 1, n):
            d = dist(centers[i], centers[j])
            if r[i] + r[j] > d:
                s = d / (r[i] + r[j])
                r[i] *= s
                r[j] *= s
    return r
`;

  it('bug_fix: a clamp or tolerance wrapped into existing code, or a new statement handling a sentinel when that is the whole edit', () => {
    expect(labels(RADII, RADII.replace('if r[i] + r[j] > d:', 'if r[i] + r[j] > d - 1e-12:'))).toEqual(['bug_fix']);
    expect(labels(RADII, RADII.replace('                s = d / (r[i] + r[j])', '                s = max(0.0, d / (r[i] + r[j]))'))).toEqual(['bug_fix']);
    const shrink = RADII.replace('    return r\n', '    r = np.maximum(r - 1e-12, 0.0)\n    return r\n');
    expect(labels(RADII, shrink)).toEqual(['bug_fix']);
    // Literals retuned alongside: still the edit's only logic change.
    expect(labels(RADII, shrink.replace('for j in range(i + 1, n)', 'for j in range(i + 2, n)'))).toEqual(['hyperparameter_tuning', 'bug_fix']);
  });

  it('not bug_fix: a new statement that only clamps, a clamp in new or rewritten code, a tolerance among other logic changes, an epsilon passed as a value', () => {
    // A projection step (a new statement that clamps): a local refinement.
    expect(labels(RADII, RADII.replace('    return r\n', '    r = [min(x, 0.5) for x in r]\n    return r\n'))).toEqual(['local_refinement']);
    // A clamp inside a new loop: part of the new component.
    const loop = RADII.replace('    return r\n', '    for k in range(n):\n        r[k] = max(r[k], 0.0) * growth(k)\n        total += r[k]\n    return r\n');
    expect(labels(RADII, loop)).not.toContain('bug_fix');
    // A clamp in a line whose expression is otherwise rewritten: a refinement of that line.
    expect(labels(RADII, RADII.replace('                s = d / (r[i] + r[j])', '                s = max(0.5, d / (2 * r[j]))'))).toEqual(['local_refinement']);
    // A new statement with a tolerance next to other logic changes: not the edit's point.
    const mixed = RADII.replace('    return r\n', '    r = np.maximum(r - 1e-12, 0.0)\n    return r\n').replace('d = dist(centers[i], centers[j])', 'd = dist(centers[i], centers[j]) * weight(i, j)');
    expect(labels(RADII, mixed)).toEqual(['local_refinement']);
    // An epsilon assigned (a new threshold), not used as a tolerance.
    expect(labels(RADII, RADII.replace('def radii(centers, n):', 'def radii(centers, n, tol=1e-9):'))).not.toContain('bug_fix');
  });

  const GAS = `import math

def gasoline(n):
    xs = [int(n * 2 ** (-i)) for i in range(1, n)]
    ys = [int(n * (1 - 2 ** (-i))) + 3 for i in range(1, n)]
    xs.append(n - 1)
    ys.append(0.5 * n)
    return xs, ys
`;

  it('a retune of numbers is hyperparameter_tuning alone: literal arithmetic (a new factor, an offset, the sign of a constant term) is part of it', () => {
    const retuned = GAS.replace('int(n * 2 ** (-i))', 'int(n * 1.07 * 2 ** (-i))').replace('+ 3 for', '+ 5 for').replace('xs.append(n - 1)', 'xs.append(n - 2 + 1)');
    const j = judgeEditOffline(GAS, retuned, 'python');
    expect(j.labels).toEqual(['hyperparameter_tuning']);
    expect(j.rationale).toContain('literal arithmetic changed');
    // A constant term's sign flipped is a retune, not a fixed sign.
    const g = GAS.replace('ys.append(0.5 * n)', 'ys.append(0.5 * n + 0.3)');
    expect(labels(g, g.replace('0.5 * n + 0.3', '0.5 * n - 0.3'))).toEqual(['hyperparameter_tuning']);
    // A term with a name in it changes the formula: a local refinement.
    expect(labels(GAS, GAS.replace('int(n * 2 ** (-i))', 'int(n * 2 ** (-i)) + i % 3'))).toEqual(['local_refinement']);
    // A tolerance epsilon is not a tuned value.
    expect(labels(GAS, GAS.replace('xs.append(n - 1)', 'xs.append(n - 1 - 1e-12)'))).not.toContain('hyperparameter_tuning');
    // An index offset next to other logic changes is logic too (an off-by-one either way), not a retune.
    const idx = RADII.replace('r[j] *= s', 'r[j + 1] *= s').replace('    return r\n', '    r.sort()\n    return r\n');
    expect(labels(RADII, idx)).toEqual(['local_refinement']);
  });

  it('a literal swapped in a line whose code changes too belongs to that change, not a retune', () => {
    const p = 'def update(v, x, best, rng):\n    w = 0.7\n    v = w * v + 1.5 * rng.random() * (best - x)\n    return x + v\n';
    // 1.5 -> 2.0 in a formula that gains a term: a local refinement.
    expect(labels(p, p.replace('1.5 * rng.random() * (best - x)', '2.0 * rng.random() * (best - x) + 0.1 * rng.normal()'))).toEqual(['local_refinement']);
    // The same swap in a line that otherwise stays is a retune, next to the formula change elsewhere.
    expect(labels(p, p.replace('w = 0.7', 'w = 0.9').replace('return x + v', 'return x + v * w'))).toEqual(['hyperparameter_tuning', 'local_refinement']);
  });

  it('renames, moved lines and extracted helpers next to new or changed logic are part of it, not a refactor', () => {
    const p = 'def prepare(items, k):\n    seen = set()\n    out = []\n    for it in items:\n        if it.key not in seen:\n            out.append(it)\n            seen.add(it.key)\n    return out[:k]\n';
    const moved = p.replace('    seen = set()\n    out = []\n', '    out = []\n    seen = set()\n');
    // Alone, the move is a refactor.
    expect(labels(p, moved)).toEqual(['refactor']);
    // With the ranking changed, the move comes with that change.
    const j = judgeEditOffline(p, moved.replace('return out[:k]', 'return sorted(out, key=rank)[:k]'), 'python');
    expect(j.labels).toEqual(['local_refinement']);
    expect(j.rationale).not.toContain('moved');
  });

  it('an import swap is external_dependency, its call sites included (not a rename, not a local refinement)', () => {
    const p = 'import math\n\ndef norm(v):\n    return math.sqrt(sum(x * x for x in v))\n\ndef scale(v, k):\n    n = norm(v)\n    return [x * k / n for x in v]\n';
    const swapped = p.replace('import math', 'import numpy as np');
    let j = judgeEditOffline(p, swapped.replace('math.sqrt', 'np.sqrt'), 'python');
    expect(j.labels).toEqual(['external_dependency']);
    expect(j.evidence.external_dependency).toEqual({ added: [1, 4], removed: [1, 4] });
    expect(j.rationale).toContain('call sites of the swapped import');
    j = judgeEditOffline(p, swapped.replace('math.sqrt(sum(x * x for x in v))', 'np.sqrt(np.dot(v, v))'), 'python');
    expect(j.labels).toEqual(['external_dependency']);
    // A change that does not name the library stays a change of its own.
    expect(labels(p, swapped.replace('math.sqrt', 'np.sqrt').replace('x * k / n', 'x * k / (n + 1e-12)'))).toEqual(['bug_fix', 'external_dependency']);
  });

  it('the call sites of a new routine come with it: composition alone, not also a local refinement', () => {
    const p = 'def step(x, rate):\n    y = x * rate\n    return y - 0.5 * x\n\ndef run(xs, rate):\n    return [step(x, rate) for x in xs]\n';
    const c = p.replace(
      '\ndef run',
      '\ndef damped_step(x, rate, damping):\n    y = step(x, rate)\n    if abs(y) > damping:\n        y = damping * (1 if y > 0 else -1) + 0.1 * (y - damping)\n    return y\n\ndef run',
    );
    const j = judgeEditOffline(p, c.replace('[step(x, rate) for x in xs]', '[damped_step(x, rate, 2.0) for x in xs]'), 'python');
    expect(j.labels).toEqual(['composition']);
    expect(j.evidence.composition).toEqual({ added: [5, 6, 7, 8, 9, 12], removed: [6] });
    // A change of run() that does not call it stays a refinement of its own.
    expect(labels(p, c.replace('[step(x, rate) for x in xs]', '[step(x, rate_of(x)) for x in xs]'))).toEqual(['local_refinement', 'composition']);
  });

  it('a new loop around existing code (the same pass repeated) is a refinement, not a new component', () => {
    const wrapped = RADII.replace(
      /    for i in range\(n\):\n        for j in range\(i \+ 1, n\):\n([\s\S]*?)    return r\n/,
      (_m, body: string) => `    for _ in range(30):\n        for i in range(n):\n            for j in range(i + 1, n):\n${body.replace(/^/gm, '    ')}    return r\n`,
    );
    expect(labels(RADII, wrapped)).toEqual(['local_refinement']);
    // A new loop with a body of its own is a new phase.
    const phase = RADII.replace('    return r\n', '    for k in range(n):\n        grow = slack(centers, r, k)\n        r[k] += 0.5 * grow\n    return r\n');
    expect(labels(RADII, phase)).toEqual(['composition']);
  });

  it('a small branch inside an existing routine is a local refinement (B.5); a new operator alongside the old one is composition', () => {
    const p = `double bonus(const Candy& candy, int min_c, int max_c) {
    double bonus_val = 0.0;
    if ((candy.c == 0 && min_c == 0) || (candy.c == GRID - 1 && max_c == GRID - 1)) {
        bonus_val += FACTOR;
    }
    return bonus_val * candy.weight;
}
`;
    // B.5's local-refinement example: a boundary bonus added inside the existing heuristic.
    const small = p.replace('    return bonus_val', '    if (candy.c == min_c || candy.c == max_c) {\n        bonus_val += 0.5;\n    }\n    return bonus_val');
    expect(labels(p, small, 'cpp')).toEqual(['local_refinement']);
    const op = `void mutate(Plan& plan, Rng& rng) {
    double r = rng.uniform();
    if (r < 0.5) {
        int i = rng.index(plan.size());
        plan.shift(i, rng.sign());
    }
}
`;
    // An operator chosen alongside the existing one (the B.5 composition example's shape).
    const swap = op.replace(
      '    }\n}',
      '    } else if (r < 0.8) {\n        int a = rng.index(plan.size());\n        int b = rng.index(plan.size());\n        std::swap(plan.steps[a], plan.steps[b]);\n        plan.repair(a, b);\n    }\n}',
    );
    expect(labels(op, swap, 'cpp')).toEqual(['composition']);
  });
});
