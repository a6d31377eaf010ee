import { describe, expect, it } from 'vitest';
import { classifyCycles, classifyPair } from './classifyCycles';
import { prog } from './testPrograms';

describe('classifyCycles', () => {
  // The cooling-rate walk-through of appendix B.8, in C:
  // A (it 1) retunes 0.99992 -> 0.99988; B (it 2) puts 0.99992 back: literal, paired with A's
  // removal (span 1); C (it 3) sets 0.5: same skeleton as B's removed 0.99988, different numbers:
  // tuning (span 1). A's own addition has no earlier removal (R made no edit).
  const run = [
    prog('R', null, 0, ['double rate = 0.99992;', 'run(rate);']),
    prog('A', 'R', 1, ['double rate = 0.99988;', 'run(rate);']),
    prog('B', 'A', 2, ['double rate = 0.99992;', 'run(rate);']),
    prog('C', 'B', 3, ['double rate = 0.5;', 'run(rate);']),
  ];
  for (const definitions of ['evoreplay', 'default'] as const) {
    it(`finds a literal and a tuning recycle under '${definitions}'`, () => {
      const r = classifyCycles(run, { definitions });
      expect(r.events.map((e) => [e.klass, e.removedLine, e.line, e.span])).toEqual([
        ['literal', 'double rate = 0.99992;', 'double rate = 0.99992;', 1],
        ['tuning', 'double rate = 0.99988;', 'double rate = 0.5;', 1],
      ]);
      // 3 edits with one added line each; ratios per edit: A 0, B literal 1, C tuning 1.
      expect(r.summary).toEqual({
        nEdits: 3,
        nRecycleEvents: 2,
        eventsByClass: { literal: 1, tuning: 1, trivial: 0 },
        totalAddedLines: 3,
        shareOfAddedLines: { literal: 1 / 3, tuning: 1 / 3, trivial: 0, any: 2 / 3 },
        medianPerEditRatios: { literal: 0, tuning: 0, trivial: 0, any: 1 },
        spanStats: { median: 1, mean: 1, max: 1 },
      });
    });
  }

  it("trivial under 'evoreplay': comment-like lines with other numbers", () => {
    // A (it 1) changes " * step size 10" to 20; B (it 2) to 30: paired with A's removal of 10.
    // Both lines start with "*", so the pair is trivial. Under 'default' the block comment is
    // removed before anything is counted: no lines, no events.
    const run = [
      prog('R', null, 0, ['/* settings', ' * step size 10', ' */', 'int main() { return run(); }']),
      prog('A', 'R', 1, ['/* settings', ' * step size 20', ' */', 'int main() { return run(); }']),
      prog('B', 'A', 2, ['/* settings', ' * step size 30', ' */', 'int main() { return run(); }']),
    ];
    expect(classifyCycles(run, { definitions: 'evoreplay' }).summary.eventsByClass).toEqual({ literal: 0, tuning: 0, trivial: 1 });
    expect(classifyCycles(run, { definitions: 'default' }).summary.nRecycleEvents).toBe(0);
  });

  it("trivial under 'default': a line re-added with other spacing", () => {
    // A (it 1) replaces "total = alpha + beta" with a minus; B (it 2) adds "total = alpha+beta".
    // 'default' pairs skeletons without whitespace: trivial. 'evoreplay' skeletons differ: no pair.
    const run = [
      prog('R', null, 0, ['total = alpha + beta', 'print(total)'], { language: 'python' }),
      prog('A', 'R', 1, ['total = alpha - beta', 'print(total)'], { language: 'python' }),
      prog('B', 'A', 2, ['total = alpha+beta', 'print(total)'], { language: 'python' }),
    ];
    expect(classifyCycles(run, { definitions: 'default' }).summary.eventsByClass).toEqual({ literal: 0, tuning: 0, trivial: 1 });
    expect(classifyCycles(run, { definitions: 'evoreplay' }).summary.nRecycleEvents).toBe(0);
  });

  it('counts one event per skeleton and edit, from its first added line', () => {
    // B re-adds "k = 1;" and "k = 2;" (same skeleton "k = #;"): one event, classed by the first
    // (literal against A's removed "k = 1;").
    const run = [
      prog('R', null, 0, ['k = 1;', 'go();']),
      prog('A', 'R', 1, ['go();']),
      prog('B', 'A', 2, ['k = 1;', 'k = 2;', 'go();']),
    ];
    const r = classifyCycles(run, { definitions: 'evoreplay' });
    expect(r.events.map((e) => e.klass)).toEqual(['literal']);
    expect(r.edits[1]).toMatchObject({ totalAdded: 2, literal: 1, ratios: { literal: 0.5, any: 0.5 } });
  });

  it('classifyPair', () => {
    expect(classifyPair('a = 1;', 'a = 1;', 'evoreplay')).toBe('literal');
    expect(classifyPair('a = 1;', 'a = 2;', 'evoreplay')).toBe('tuning');
    expect(classifyPair('# try 1', '# try 2', 'evoreplay')).toBe('trivial');
    expect(classifyPair('*p = 1;', '*p = 2;', 'evoreplay')).toBe('trivial'); // EvoReplay: looks like a comment
    expect(classifyPair('*p = 1;', '*p = 2;', 'default')).toBe('tuning');
    expect(classifyPair('a = b+1', 'a = b + 1', 'default')).toBe('trivial');
  });
});
