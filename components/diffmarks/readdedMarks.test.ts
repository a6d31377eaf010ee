import { describe, expect, it } from 'vitest';
import { classifyCycles } from '@/lib/analysis/classifyCycles';
import { prepareRun } from '@/lib/analysis/editTable';
import type { AnalysisProgram } from '@/lib/contracts/analysisTypes';
import type { ChildMark } from '@/lib/contracts/api/analyses';
import { editorLines, locateMarks, markDecorations, markHover, normaliseLines } from './readdedMarks';

const mark = (line: string, extra: Partial<ChildMark> = {}): ChildMark => ({
  line,
  class: 'literal',
  removedBy: 'p1',
  removedById: null,
  removedIteration: 2,
  addedIteration: 5,
  ...extra,
});

describe('locating re-added marks in the child', () => {
  it('numbers lines as Monaco does', () => {
    expect(editorLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c']);
    expect(editorLines('')).toEqual([]);
  });

  it('normalises like the definition set: language-aware comments (default) or cut at // (evoreplay)', () => {
    const py = ['x = 1  # note', 'y = a // 2'];
    expect(normaliseLines(py, py.join('\n'), 'python', 'default')).toEqual(['x = 1', 'y = a // 2']);
    expect(normaliseLines(py, py.join('\n'), 'python', 'evoreplay')).toEqual(['x = 1  # note', 'y = a']);
  });

  it('marks only lines the edit adds, never an identical line kept from the parent', () => {
    const parent = 'rate = 0.5\nsteps = 10\n';
    const child = 'rate = 0.5\nsteps = 10\nrate = 0.5   # again\n';
    const [m] = locateMarks(parent, child, 'python', 'default', [mark('rate = 0.5')]);
    expect(m.lines).toEqual([3]);
  });

  it('leaves a mark without lines when its text is not among the added lines', () => {
    expect(locateMarks('a = 1\n', 'a = 2\n', 'python', 'default', [mark('zzz = 3')])[0].lines).toEqual([]);
  });

  it('places the marks the analysis stores on a real re-addition', () => {
    const p = (id: string, parents: string[], iteration: number, code: string): AnalysisProgram => ({
      id,
      parentIds: parents,
      iteration,
      timestamp: null,
      seq: iteration,
      code,
      valid: true,
      score: iteration,
      language: 'python',
    });
    const programs = [
      p('a', [], 0, 'def f():\n    cooling_rate = 0.99992\n    return cooling_rate\n'),
      p('b', ['a'], 1, 'def f():\n    cooling_rate = 0.99988\n    return cooling_rate\n'),
      p('c', ['b'], 2, 'def f():\n    cooling_rate = 0.99992  # back\n    return cooling_rate\n'),
    ];
    const run = prepareRun(programs, 'default');
    const events = classifyCycles(run, { definitions: 'default', scope: 'lineage' }).events;
    const forC = events
      .filter((e) => run.programs[run.edits[e.addedEdit].child].id === 'c')
      .map((e) => mark(e.line, { class: e.klass, removedBy: run.programs[run.edits[e.removedEdit].child].id, removedIteration: e.removedIteration, addedIteration: e.addedIteration }));
    expect(forC).toHaveLength(1);
    const located = locateMarks(programs[1].code, programs[2].code, 'python', 'default', forC);
    expect(located[0]).toMatchObject({ line: 'cooling_rate = 0.99992', removedBy: 'b', removedIteration: 1, lines: [2], class: 'literal' });
    const [d] = markDecorations(located);
    expect(d).toMatchObject({ line: 2, className: 'readded-line' });
    expect(d.hover).toBe('re-added: removed by `b` at iteration 1 (literal)');
  });

  it('makes one decoration per line, listing every mark on it', () => {
    const located = [
      { ...mark('x = 1'), lines: [4] },
      { ...mark('x = 1', { removedBy: 'p2', removedIteration: 3, class: 'tuning' }), lines: [4] },
      { ...mark('y = 2'), lines: [1] },
    ];
    const ds = markDecorations(located);
    expect(ds.map((d) => d.line)).toEqual([1, 4]);
    expect(ds[1].hover.split('\n\n')).toEqual([markHover(located[0]), markHover(located[1])]);
    expect(ds[1].gutterClassName).toBe('readded-gutter readded-literal');
  });
});

describe('order of the re-added list', () => {
  it('lists marks in line order, unplaced ones last', () => {
    const parent = 'a = 1\n';
    const child = 'b = 22222\na = 1\nc = 33333\n';
    const out = locateMarks(parent, child, 'python', 'default', [mark('c = 33333'), mark('nowhere = 0'), mark('b = 22222')]);
    expect(out.map((m) => [m.line, m.lines])).toEqual([
      ['b = 22222', [1]],
      ['c = 33333', [3]],
      ['nowhere = 0', []],
    ]);
  });
});
