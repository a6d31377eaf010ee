import { describe, expect, it } from 'vitest';
import type { ExperimentView, Knob, ReplayReport, TuneReport } from '@/lib/contracts/interventionTypes';
import { progressLabel } from './experimentLabels';
import { editRow, knobsOf, rowErrors, rowsOf } from './knobTableModel';
import { median, prepareRatioStrip } from './ratioStripModel';
import { ceilingPoints, ceilingsCsv, compareVariants, variantsCsv } from './runExperimentsModel';
import { bestSoFarOf, prepareTuneChart } from './tuneChartModel';

const knob = (over: Partial<Knob> = {}): Knob => ({
  name: 'alpha', sourceLiteral: '0.5', line: 3, contextLine: 'a = 0.5', start: 10, end: 13, value: 0.5, low: 0.1, high: 2.5,
  scale: 'log', type: 'float', origin: 'offline', ...over,
});

describe('tune chart', () => {
  const calls = [
    { idx: 0, phase: 'default' as const, score: 1, status: 'ok' as const },
    { idx: 1, phase: 'random' as const, score: null, status: 'candidate-error' as const },
    { idx: 2, phase: 'random' as const, score: 3, status: 'ok' as const },
    { idx: 3, phase: 'guided' as const, score: 2, status: 'ok' as const },
  ];
  it('puts one dot per call, failed ones on the bottom edge, and a step line of the best so far', () => {
    const c = prepareTuneChart({ calls, bestSoFar: [1, 1, 3, 3], originalScore: 1, runFinalBest: 4, ceiling: 3 }, 400, 200);
    expect(c.dots.map((d) => d.call)).toEqual([1, 2, 3, 4]);
    expect(c.dots[1].failed).toBe(true);
    expect(c.dots[1].y).toBe(c.plot.bottom - 2);
    // Higher scores are drawn higher (smaller y).
    expect(c.dots[2].y).toBeLessThan(c.dots[3].y);
    expect(c.dots[3].y).toBeLessThan(c.dots[0].y);
    // The step line: starts at call 1 on score 1, steps up at call 3 to score 3, runs to the last call.
    const [x1, x2, x3, x4] = c.dots.map((d) => d.x);
    const [y1, y3] = [c.dots[0].y, c.dots[2].y];
    expect(c.bestPath).toBe(`M${x1},${y1}H${x2}V${y1}H${x3}V${y3}H${x4}V${y3}H${x4}`);
    expect(c.references.map((r) => r.kind)).toEqual(['original', 'final-best', 'ceiling']);
    const fb = c.references.find((r) => r.kind === 'final-best')!;
    expect(fb.y).toBeLessThan(c.dots[2].y); // the run's final best (4) is above the ceiling (3)
    expect(fb.y).toBeGreaterThanOrEqual(c.plot.top);
  });
  it('opens a band around a single value and draws nothing for no calls', () => {
    const one = prepareTuneChart({ calls: [calls[0]], bestSoFar: [1], originalScore: 1, runFinalBest: null, ceiling: 1 }, 300, 200);
    expect(one.dots[0].y).toBeGreaterThan(one.plot.top);
    expect(one.dots[0].y).toBeLessThan(one.plot.bottom);
    const none = prepareTuneChart({ calls: [], bestSoFar: [], originalScore: null, runFinalBest: null, ceiling: null }, 300, 200);
    expect(none.dots).toEqual([]);
    expect(none.bestPath).toBe('');
  });
  it('computes best-so-far in the run direction, skipping failures', () => {
    expect(bestSoFarOf([null, 2, 1, 3, null], true)).toEqual([null, 2, 2, 3, 3]);
    expect(bestSoFarOf([5, 6, 4, null], false)).toEqual([5, 5, 4, 4]);
  });
});

describe('knob table', () => {
  it('sends the proposal unchanged, marks edited rows as the user’s, and drops excluded ones', () => {
    const rows = rowsOf([knob(), knob({ name: 'n_iter', value: 100, low: 10, high: 1000, type: 'int', sourceLiteral: '100', start: 20, end: 23 })]);
    expect(knobsOf(rows)).toEqual([knob(), rows[1].knob]);
    const edited = editRow(rows, 0, 'high', '5');
    expect(knobsOf(edited)![0]).toMatchObject({ high: 5, origin: 'user', sourceLiteral: '0.5', start: 10 });
    expect(knobsOf(editRow(edited, 1, 'include', false))!.map((k) => k.name)).toEqual(['alpha']);
  });
  it('refuses invalid rows with a reason each, and an empty selection', () => {
    const rows = rowsOf([knob(), knob({ name: 'beta', start: 30, end: 33 })]);
    expect(rowErrors(editRow(rows, 0, 'low', '3'))[0]).toEqual(['low must be below high', 'the value must lie between low and high']);
    expect(rowErrors(editRow(rows, 0, 'low', '0'))[0]).toEqual(['a log scale needs low > 0']);
    expect(rowErrors(editRow(rows, 1, 'name', 'alpha'))[1]).toEqual(['the name alpha is used twice']);
    expect(rowErrors(editRow(rows, 1, 'name', '2x'))[1]).toEqual(['the name must be an identifier (letters, digits, _)']);
    expect(rowErrors(editRow(rows, 1, 'type', 'int'))[1]).toEqual(['an int knob needs whole numbers']);
    expect(rowErrors(editRow(rows, 1, 'value', 'abc'))[1]).toEqual(['the value is not a number']);
    expect(knobsOf(editRow(rows, 0, 'low', '3'))).toBeNull();
    // An excluded row is not checked.
    expect(knobsOf(editRow(editRow(rows, 0, 'low', '3'), 0, 'include', false))!.map((k) => k.name)).toEqual(['beta']);
    expect(knobsOf(editRow(editRow(rows, 0, 'include', false), 1, 'include', false))).toBeNull();
  });
});

describe('ratio strip', () => {
  it('stacks equal ratios, counts trials without a score, and marks ratio 1', () => {
    const s = prepareRatioStrip([{ label: 'exact', ratios: [1, 1, 1, 0.5], trials: 6 }, { label: 'no_history', ratios: [], trials: 2 }], 600);
    expect(s.lanes.map((l) => l.noScore)).toEqual([2, 2]);
    expect(s.lanes[0].median).toBe(1);
    expect(s.lanes[1].median).toBeNull();
    const ones = s.dots.filter((d) => d.ratio === 1);
    expect(new Set(ones.map((d) => d.x)).size).toBe(1);
    expect(new Set(ones.map((d) => d.y)).size).toBe(3);
    expect(Math.abs(ones[0].x - s.oneX)).toBeLessThanOrEqual(s.r);
    expect(s.dots.find((d) => d.ratio === 0.5)!.x).toBeLessThan(ones[0].x);
  });
  it('median of even and odd lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

const view = (over: Partial<ExperimentView>): ExperimentView => ({
  id: 'x', runId: 'r', programId: 'p', programExternalId: 'P', kind: 'replay', groupId: null, params: { kind: 'ablate', functions: true },
  status: 'done', total: 1, done: 1, failed: 0, phase: null, error: null, result: null, createdAt: '', startedAt: null, finishedAt: null, ...over,
});

describe('run experiments', () => {
  const replay = (ratio: number | null, parse: number, n = 8): ReplayReport => ({
    kind: 'replay', model: 'm', originalScore: 1, parentScore: 0.5, framework: 'openevolve',
    variants: [{ variant: 'exact', trials: n, parseSuccess: parse, evalSuccess: parse, exactMatch: 0, normalisedMatch: 0.5, scoreRatio: ratio, ratios: [], scores: [], outcomes: { better: 0, similar: 0, 'beats-parent': 0, worse: 0, failed: 0 } }],
  });
  it('pools the four figures per variant weighted by trials, and takes the median ratio over targets', () => {
    const rows = compareVariants([
      view({ id: 'a', result: replay(1, 1, 8) }),
      view({ id: 'b', result: replay(0.5, 0.5, 8) }),
      view({ id: 'c', result: replay(0.8, 0, 4) }),
      view({ id: 'd', status: 'running', result: replay(9, 1) }),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ variant: 'exact', targets: 3, trials: 20, parseSuccess: 12 / 20, normalisedMatch: 0.5, medianRatio: 0.8 });
    expect(variantsCsv(rows).split('\r\n')[1]).toBe('exact,3,20,0.6,0.6,0,0.5,0.8');
  });
  it('places tune ceilings at their program’s iteration, unfinished ones without figures', () => {
    const rep = { kind: 'tune', originalScore: 1, ceiling: 1.5, gap: 0.2, beatsFinalBest: false } as TuneReport;
    const pts = ceilingPoints(
      [view({ id: 't2', kind: 'tune', programId: 'p2', result: rep }), view({ id: 't1', kind: 'tune', programId: 'p1', status: 'running' })],
      new Map([['p1', 5], ['p2', 50]]),
    );
    expect(pts.map((p) => [p.experimentId, p.iteration, p.ceiling])).toEqual([['t1', 5, null], ['t2', 50, 1.5]]);
    expect(ceilingsCsv(pts).split('\r\n')[2]).toBe('t2,P,50,done,1,1.5,0.2,false');
  });
  it('says what the progress bar shows', () => {
    expect(progressLabel({ status: 'queued', done: 0, total: 0, failed: 0, phase: null })).toBe('Queued');
    expect(progressLabel({ status: 'running', done: 3, total: 24, failed: 1, phase: 'guided' })).toBe('Running: 3/24 (1 failed) · guided');
  });
});

describe('ceiling chart', () => {
  it('draws the best-so-far steps to the last iteration and a segment original → ceiling per tuned program', async () => {
    const { prepareCeilingChart } = await import('./ceilingChartModel');
    const pt = (id: string, iteration: number | null, original: number | null, ceiling: number | null) => ({
      experimentId: id, programId: id, programExternalId: id, iteration, original, ceiling, gap: null, beatsFinalBest: null, status: 'done' as const,
    });
    const c = prepareCeilingChart(
      [{ iteration: 0, score: 1 }, { iteration: 10, score: 2 }, { iteration: 30, score: 3 }],
      [pt('a', 0, 1, 2.5), pt('b', 10, 2, null), pt('c', null, 1, 1)],
      50,
      500,
      300,
    );
    expect(c.marks.map((m) => m.experimentId)).toEqual(['a', 'b']); // c has no iteration: not placed
    const a = c.marks[0];
    expect(a.yCeiling!).toBeLessThan(a.yOriginal!);
    expect(c.marks[1].yCeiling).toBeNull();
    // Steps: M(0,1) H(10) V(2) H(30) V(3) H(50): ends at the run's last iteration.
    expect(c.curvePath.match(/[MHV]/g)).toEqual(['M', 'H', 'V', 'H', 'V', 'H']);
    expect(c.curvePath.endsWith(`H${c.plot.right}`)).toBe(true);
  });
});
