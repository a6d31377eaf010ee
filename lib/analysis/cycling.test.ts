import { describe, expect, it } from 'vitest';
import { detectCycling } from './cycling';
import { prog } from './testPrograms';
import type { Definitions } from '../contracts/analysisTypes';

const both: Definitions[] = ['evoreplay', 'default'];

describe('detectCycling: a line removed, then re-added literally', () => {
  // A (it 0) root; B (it 1) removes "int beta = 2;"; C (it 2) adds "int gamma = 3;";
  // D (it 3) re-adds "int beta = 2;" (recycled, span 3 - 1 = 2); E (it 4) removes "int gamma = 3;".
  // Edits: 4. Added: C 1, D 1 -> 2; recycled added 1 (D). Removed: B 1, E 1 -> 2; recycled
  // removed 1 (B's removal was paired). Edits adding lines: C (0/1), D (1/1) -> median 0.5.
  const head = ['int main() {', '  int alpha = 1;'];
  const tail = ['  return alpha;', '}'];
  const run = [
    prog('A', null, 0, [...head, '  int beta = 2;', ...tail]),
    prog('B', 'A', 1, [...head, ...tail]),
    prog('C', 'B', 2, [...head, '  int gamma = 3;', ...tail]),
    prog('D', 'C', 3, [...head, '  int beta = 2;', '  int gamma = 3;', ...tail]),
    prog('E', 'D', 4, [...head, '  int beta = 2;', ...tail]),
  ];
  for (const definitions of both) {
    it(`counts it under '${definitions}'`, () => {
      const r = detectCycling(run, { definitions, scope: 'run' });
      expect(r.summary).toMatchObject({
        editsAnalysed: 4,
        cycleEvents: 1,
        uniqueCycledLines: 1,
        totalAdded: 2,
        recycledAdded: 1,
        totalRemoved: 2,
        recycledRemoved: 1,
        editsWithAddedLines: 2,
        medianRecycleRatioEditsWithAdded: 0.5,
        recycledShare: 0.5,
        medianSpan: 2,
      });
      expect(r.edits.map((e) => [e.childId, e.added, e.recycledAdded, e.removed, e.recycledRemoved])).toEqual([
        ['B', 0, 0, 1, 1],
        ['C', 1, 0, 0, 0],
        ['D', 1, 1, 0, 0],
        ['E', 0, 0, 1, 0],
      ]);
      expect(r.events).toEqual([{ line: 'int beta = 2;', removedEdit: 0, removedIteration: 1, addedEdit: 2, addedIteration: 3, span: 2 }]);
      expect(r.lines).toEqual([
        {
          line: 'int beta = 2;',
          history: [
            { kind: 'removed', edit: 0, childId: 'B', iteration: 1 },
            { kind: 'added', edit: 2, childId: 'D', iteration: 3 },
          ],
          spans: [2],
        },
      ]);
      // Per-iteration shares 0 (it 1), 0 (it 2), 1 (it 3), 0 (it 4): slope 0.1 > 0.
      expect(r.summary.trend.slope).toBeCloseTo(0.1, 12);
      expect(r.summary.trend.grows).toBe(true);
    });
  }
});

describe('detectCycling: run-wide versus lineage', () => {
  // R (it 0); X (it 1, parent R) adds "beta = load()"; Y (it 2, parent X) removes it;
  // Z (it 3, parent R: another branch) adds it; W (it 4, parent Y) adds it.
  // Run-wide: Z and W both re-add a line Y removed (spans 1 and 2): 2 events, Y credited once.
  // Lineage: Y is not an ancestor of Z, so only W's addition counts (span 2).
  const base = ['alpha = load()', 'result = alpha'];
  const withBeta = ['alpha = load()', 'beta = load()', 'result = alpha'];
  const run = [
    prog('R', null, 0, base, { language: 'python' }),
    prog('X', 'R', 1, withBeta, { language: 'python' }),
    prog('Y', 'X', 2, base, { language: 'python' }),
    prog('Z', 'R', 3, withBeta, { language: 'python' }),
    prog('W', 'Y', 4, withBeta, { language: 'python' }),
  ];
  it('run-wide pairs the sibling branch too', () => {
    const r = detectCycling(run, { definitions: 'default', scope: 'run' });
    expect(r.summary).toMatchObject({ cycleEvents: 2, recycledAdded: 2, recycledRemoved: 1, totalAdded: 3, totalRemoved: 1, medianSpan: 1.5 });
    expect(r.lines[0].history.map((h) => `${h.kind[0]}${h.childId}${h.iteration}`)).toEqual(['aX1', 'rY2', 'aZ3', 'aW4']);
  });
  it('lineage pairs ancestors only', () => {
    const r = detectCycling(run, { definitions: 'default', scope: 'lineage' });
    expect(r.summary).toMatchObject({ cycleEvents: 1, recycledAdded: 1, recycledRemoved: 1, medianSpan: 2 });
    expect(r.edits.find((e) => e.childId === 'Z')?.recycledAdded).toBe(0);
    expect(r.edits.find((e) => e.childId === 'W')?.recycledAdded).toBe(1);
  });
});

describe('detectCycling: crossover', () => {
  // X (it 1) adds "beta = load()", Y (it 2, parent X) removes it, Z (it 3, parent R) adds
  // "gamma = load()"; C (it 4) is a crossover of Z (first parent, diffed against) and Y, and adds
  // "beta = load()" relative to Z. Its lineage reaches Y's removal through the second parent.
  const run = [
    prog('R', null, 0, ['alpha = load()', 'result = alpha']),
    prog('X', 'R', 1, ['alpha = load()', 'beta = load()', 'result = alpha']),
    prog('Y', 'X', 2, ['alpha = load()', 'result = alpha']),
    prog('Z', 'R', 3, ['alpha = load()', 'gamma = load()', 'result = alpha']),
    prog('C', ['Z', 'Y'], 4, ['alpha = load()', 'beta = load()', 'gamma = load()', 'result = alpha']),
  ];
  it('lineage scope follows every parent', () => {
    const r = detectCycling(run, { definitions: 'default', scope: 'lineage' });
    const c = r.edits.find((e) => e.childId === 'C')!;
    expect([c.parentId, c.added, c.recycledAdded]).toEqual(['Z', 1, 1]);
    expect(r.events.map((e) => e.span)).toEqual([2]);
  });
});

describe('detectCycling: ties and strictness in iteration order', () => {
  // R (it 0). "b-second" and "a-first" (both it 1, parent R) each remove "beta = load()".
  // "c-same" (it 1, parent a-first) re-adds it: the removals are at the same iteration, not
  // earlier, so nothing is recycled. Z (it 2, parent b-second) re-adds it: recycled, paired with
  // the first processed removal at iteration 1.
  // 'evoreplay' processes ties by id: a-first before b-second, so a-first is credited even
  // though Z descends from b-second. 'default' follows seq (b-second was created first).
  // Lineage scope credits b-second, Z's parent, under both.
  const withBeta = ['alpha = load()', 'beta = load()', 'result = alpha'];
  const without = ['alpha = load()', 'result = alpha'];
  const run = [
    prog('R', null, 0, withBeta),
    prog('b-second', 'R', 1, without),
    prog('a-first', 'R', 1, without),
    prog('c-same', 'a-first', 1, withBeta),
    prog('Z', 'b-second', 2, withBeta),
  ];
  const credited = (definitions: Definitions, scope: 'run' | 'lineage') =>
    detectCycling(run, { definitions, scope }).edits.filter((e) => e.recycledRemoved).map((e) => e.childId);
  it('pairs with the first processed removal of the latest earlier iteration', () => {
    expect(credited('evoreplay', 'run')).toEqual(['a-first']);
    expect(credited('default', 'run')).toEqual(['b-second']);
    expect(credited('evoreplay', 'lineage')).toEqual(['b-second']);
    expect(credited('default', 'lineage')).toEqual(['b-second']);
  });
  it('never pairs with a removal at the same iteration', () => {
    const r = detectCycling(run, { definitions: 'evoreplay', scope: 'run' });
    expect(r.edits.map((e) => e.childId)).toEqual(['a-first', 'b-second', 'c-same', 'Z']);
    expect(r.edits.map((e) => e.recycledAdded)).toEqual([0, 0, 0, 1]);
  });
});

describe('detectCycling: details', () => {
  it('counts a line added twice in one edit as two events but one recycled line; ignores lines under 5 characters', () => {
    // B removes "call();" and "f(x)" (4 characters: counted as removed, never matched);
    // C re-adds "call();" twice and "f(x)".
    const run = [
      prog('A', null, 0, ['start();', 'call();', 'f(x)', 'stop();']),
      prog('B', 'A', 1, ['start();', 'stop();']),
      prog('C', 'B', 2, ['start();', 'call();', 'f(x)', 'call();', 'stop();']),
    ];
    const r = detectCycling(run, { definitions: 'evoreplay', scope: 'run' });
    expect(r.summary).toMatchObject({ cycleEvents: 2, recycledAdded: 1, totalAdded: 3, totalRemoved: 2, recycledRemoved: 1, uniqueCycledLines: 1 });
  });

  it("'evoreplay' orders migrants (iteration 0) first; 'default' places them by seq", () => {
    // M is a migrant copy of B made after B (raw iteration 0, seq after B); D (it 3, parent M) re-adds
    // the line B removed. 'evoreplay' attributes M's (empty) edit to iteration 0; 'default' to 1.
    const run = [
      prog('A', null, 0, ['keep_me();', 'drop_me();']),
      prog('B', 'A', 1, ['keep_me();']),
      prog('M', 'B', 0, ['keep_me();']),
      prog('D', 'M', 3, ['keep_me();', 'drop_me();']),
    ];
    const it = (d: Definitions) => detectCycling(run, { definitions: d, scope: 'lineage' }).edits.map((e) => `${e.childId}@${e.iteration}`);
    expect(it('evoreplay')).toEqual(['M@0', 'B@1', 'D@3']);
    expect(it('default')).toEqual(['B@1', 'M@1', 'D@3']);
    expect(detectCycling(run, { definitions: 'default', scope: 'lineage' }).summary.recycledAdded).toBe(1);
  });

  it('skips children whose parent is missing or whose code is empty', () => {
    const run = [prog('A', null, 0, ['alpha();']), prog('B', 'ghost', 1, ['beta();']), prog('C', 'A', 2, []), { ...prog('D', 'A', 3, []), code: '' }];
    // C's code is "\n" (not empty): one edit A -> C. D's code is empty: no edit.
    expect(detectCycling(run, { definitions: 'evoreplay', scope: 'run' }).summary.editsAnalysed).toBe(1);
  });
});

describe('detectCycling: the two definition sets agree where no quirk applies', () => {
  it('on generated runs without comments, "--"/"++" lines, migrants or ties out of seq order', () => {
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let events = 0;
    const vocab = Array.from({ length: 40 }, (_, k) => `value_${'abcdefghij'[k % 10]}${'klmno'[k % 5]} = step(${k % 7})`);
    for (let g = 0; g < 30; g++) {
      const lines: string[][] = [];
      const run = Array.from({ length: 40 }, (_, i) => {
        const parent = i ? Math.floor(rand() * i) : -1;
        const ls = parent < 0 ? vocab.slice(0, 12) : lines[parent].slice();
        for (let e = Math.floor(rand() * 4); e >= 0 && parent >= 0; e--) {
          const at = Math.floor(rand() * ls.length);
          if (rand() < 0.4) ls.splice(at, 1);
          else ls.splice(at, 0, vocab[Math.floor(rand() * vocab.length)]);
        }
        lines.push(ls);
        // Iterations rise with i (two programs per iteration), ids sort like i: seq order = (iteration, id) order.
        return prog(`p${String(i).padStart(3, '0')}`, parent < 0 ? null : `p${String(parent).padStart(3, '0')}`, i >> 1, ls, { language: 'python' });
      });
      for (const scope of ['run', 'lineage'] as const) {
        const a = detectCycling(run, { definitions: 'evoreplay', scope });
        const b = detectCycling(run, { definitions: 'default', scope });
        expect(b.edits).toEqual(a.edits);
        expect(b.events).toEqual(a.events);
        events += a.events.length;
      }
    }
    expect(events).toBeGreaterThan(100); // the runs do cycle
  });
});

describe('detectCycling: a line re-added twice by one edit', () => {
  // B removes "int beta = 2;"; C adds it back in two places. Two cycle events (EvoReplay counts
  // each pairing), but one re-addition of the line by one edit: the line's spans list one span
  // per re-adding edit, so its re-additions never exceed its additions (issue 24: QOS showed 77
  // re-additions against 39 additions).
  const head = ['int main() {', '  int alpha = 1;'];
  const run = [
    prog('A', null, 0, [...head, '  int beta = 2;', '  return alpha;', '}']),
    prog('B', 'A', 1, [...head, '  return alpha;', '}']),
    prog('C', 'B', 2, [...head, '  int beta = 2;', '  return alpha;', '  int beta = 2;', '}']),
  ];
  for (const definitions of both) {
    it(`lists one span per re-adding edit under '${definitions}'`, () => {
      const r = detectCycling(run, { definitions, scope: 'run' });
      expect(r.summary.cycleEvents).toBe(2);
      expect(r.summary.recycledAdded).toBe(1);
      expect(r.lines).toHaveLength(1);
      const additions = r.lines[0].history.filter((h) => h.kind === 'added').length;
      expect(additions).toBe(1);
      expect(r.lines[0].spans).toEqual([1]);
      expect(r.lines[0].spans.length).toBeLessThanOrEqual(additions);
    });
  }
});
