import { describe, expect, it } from 'vitest';
import { EDIT_LABELS, type EditLabel } from '@/lib/contracts/editLabels';
import type { LabelStats } from '@/lib/contracts/taxonomyTypes';
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { logTicks, oddsDomain, prepareEnrichment, prepareFigure, prepareMatrix, prepareStages, sortByOddsRatio } from './layout';

function label(l: EditLabel, over: Partial<LabelStats> = {}): LabelStats {
  return {
    label: l,
    count: 10,
    prevalence: 0.1,
    positiveRate: 0.5,
    oddsRatio: 1,
    ciLow: 0.5,
    ciHigh: 2,
    fisherP: 1,
    table: { a: 5, b: 5, c: 40, d: 50 },
    enrichmentBestSoFar: 1,
    enrichmentFinalLineage: 1,
    ...over,
  };
}

function stats(labels: LabelStats[], over: Partial<TaxonomyStatsResponse> = {}): TaxonomyStatsResponse {
  const zero = Object.fromEntries(EDIT_LABELS.map((l) => [l, 0])) as Record<EditLabel, number>;
  return {
    edits: 100,
    unscored: 0,
    scoreScale: 1,
    runScales: [1],
    bestSoFarEdits: 5,
    finalLineageEdits: 8,
    labels,
    stages: [0, 1, 2, 3].map((i) => ({ from: i / 4, to: (i + 1) / 4, edits: 0, counts: { ...zero } })),
    compounds: [],
    cooccurrence: EDIT_LABELS.map(() => EDIT_LABELS.map(() => 0)),
    ...over,
  };
}

const all = () => EDIT_LABELS.map((l) => label(l));

describe('sortByOddsRatio', () => {
  it('puts the largest odds ratio first, labels without one last, ties in Table 9 order', () => {
    const sorted = sortByOddsRatio([
      label('pruning', { oddsRatio: 0.4 }),
      label('bug_fix', { oddsRatio: null }),
      label('refactor', { oddsRatio: 3 }),
      label('composition', { oddsRatio: 0.4 }),
      label('efficiency', { oddsRatio: null }),
    ]);
    expect(sorted.map((s) => s.label)).toEqual(['refactor', 'composition', 'pruning', 'efficiency', 'bug_fix']);
  });
});

describe('log axis', () => {
  it('keeps 1 inside the domain and covers every interval end', () => {
    const [lo, hi] = oddsDomain([label('pruning', { oddsRatio: 2, ciLow: 1.5, ciHigh: 4 })]);
    expect(lo).toBeLessThan(1);
    expect(hi).toBeGreaterThan(4);
  });
  it('ticks 1-2-5 per decade when they fit, powers of ten only when they would crowd, always 1', () => {
    expect(logTicks([0.3, 12], 600)).toEqual([0.5, 1, 2, 5, 10]);
    expect(logTicks([0.003, 300], 120)).toEqual([0.01, 0.1, 1, 10, 100]);
    expect(logTicks([1.5, 30], 1000)).toEqual([1, 2, 5, 10, 20]);
  });
});

describe('prepareFigure', () => {
  it('draws one bar and one point per label, rows sorted by odds ratio, the reference line at x(1)', () => {
    const labels = all().map((s, i) => ({ ...s, oddsRatio: 0.5 + i * 0.25, ciLow: 0.25 + i * 0.2, ciHigh: 1 + i * 0.5, prevalence: (i + 1) / 20 }));
    const fig = prepareFigure(stats(labels), 900);
    expect(fig.rows).toHaveLength(9);
    expect(fig.rows[0].label).toBe('external_dependency');
    expect(fig.rows.every((r) => r.odds !== null)).toBe(true);
    // Rows are evenly spaced and inside the plot.
    for (const [i, r] of fig.rows.entries()) expect(r.y).toBeCloseTo(fig.odds.plot.top + (i + 0.5) * fig.rowHeight);
    // Prevalence is proportional to bar width (the axis starts at 0).
    const a = fig.rows.find((r) => r.label === 'hyperparameter_tuning')!;
    const b = fig.rows.find((r) => r.label === 'local_refinement')!;
    expect(b.bar.width / a.bar.width).toBeCloseTo(2);
    // Odds ratio 1 sits on the reference line; above 1 to its right; whiskers bracket the point.
    const one = fig.rows.find((r) => r.stats.oddsRatio === 1)!;
    expect(one.odds!.x).toBeCloseTo(fig.odds.reference);
    for (const r of fig.rows) {
      expect(r.odds!.lo).toBeLessThanOrEqual(r.odds!.x);
      expect(r.odds!.hi).toBeGreaterThanOrEqual(r.odds!.x);
      expect(r.odds!.above).toBe(r.stats.oddsRatio! > 1);
    }
    // Log axis: equal ratios are equal distances.
    const x = (or: number) => fig.rows.find((r) => r.stats.oddsRatio === or)!.odds!.x;
    expect(x(2) - x(1)).toBeCloseTo(x(1) - x(0.5));
    // The panels do not overlap.
    expect(fig.prevalence.plot.right).toBeLessThan(fig.odds.plot.left);
  });

  it('marks the point of a label no scored edit carries (its corrected odds ratio is an artefact) and sorts it after the used ones', () => {
    const unused = label('pruning', { count: 0, prevalence: 0, oddsRatio: 9, ciLow: 0.2, ciHigh: 400, table: { a: 0, b: 0, c: 8, d: 2 } });
    const used = label('bug_fix', { oddsRatio: 2, ciLow: 1, ciHigh: 4 });
    const fig = prepareFigure(stats([unused, used]), 700);
    expect(fig.rows.map((r) => r.label)).toEqual(['bug_fix', 'pruning']);
    expect(fig.rows[0].odds!.unused).toBe(false);
    expect(fig.rows[1].odds!.unused).toBe(true);
    // The artefact does not stretch the axis either.
    expect(fig.odds.domain[1]).toBeLessThan(9);
  });

  it('leaves out the point of a label without an odds ratio but keeps its bar', () => {
    const fig = prepareFigure(stats([label('pruning', { oddsRatio: null, ciLow: null, ciHigh: null, prevalence: 0.2 })]), 600);
    expect(fig.rows[0].odds).toBeNull();
    expect(fig.rows[0].bar.width).toBeGreaterThan(0);
  });
});

describe('prepareEnrichment', () => {
  it('follows the given order, puts 1 on the reference line, and gives undefined values no bar', () => {
    const s = stats([
      label('pruning', { enrichmentBestSoFar: 2, enrichmentFinalLineage: null }),
      label('refactor', { enrichmentBestSoFar: 1, enrichmentFinalLineage: 0.5 }),
    ]);
    const e = prepareEnrichment(s, 700, ['refactor', 'bug_fix', 'pruning']);
    expect(e.rows.map((r) => r.label)).toEqual(['refactor', 'pruning']);
    const [refactor, pruning] = e.rows;
    expect(e.plot.left + refactor.bestSoFar.width).toBeCloseTo(e.reference);
    expect(pruning.bestSoFar.width).toBeCloseTo(2 * refactor.bestSoFar.width);
    expect(refactor.finalLineage.width).toBeCloseTo(refactor.bestSoFar.width / 2);
    expect(pruning.finalLineage).toEqual({ value: null, width: 0 });
  });
});

describe('prepareStages', () => {
  it('stacks each stage to 100 % of its label assignments, in Table 9 order from the bottom', () => {
    const base = stats(all());
    base.stages[0] = { ...base.stages[0], edits: 3, counts: { ...base.stages[0].counts, hyperparameter_tuning: 3, bug_fix: 1 } };
    const p = prepareStages(base, 400, 240);
    expect(p.bars).toHaveLength(4);
    expect(p.bars.map((b) => b.caption)).toEqual(['0–25 %', '25–50 %', '50–75 %', '75–100 %']);
    const [first, second] = p.bars;
    expect(first.assignments).toBe(4);
    expect(first.segments.map((s) => [s.label, s.share])).toEqual([
      ['hyperparameter_tuning', 0.75],
      ['bug_fix', 0.25],
    ]);
    // Bottom segment starts at the axis; the stack reaches the top.
    expect(first.segments[0].y + first.segments[0].height).toBeCloseTo(p.plot.bottom);
    expect(first.segments[1].y).toBeCloseTo(p.plot.top);
    expect(second.segments).toEqual([]);
  });
});

describe('prepareMatrix', () => {
  it('one cell per label pair, diagonal grey, darker for more co-occurrences', () => {
    const m = EDIT_LABELS.map(() => EDIT_LABELS.map(() => 0));
    m[0][0] = 50;
    m[0][1] = m[1][0] = 20;
    m[0][2] = m[2][0] = 2;
    const p = prepareMatrix(m);
    expect(p.cells).toHaveLength(81);
    const cell = (r: number, c: number) => p.cells[r * 9 + c];
    expect(cell(0, 0).fill).toBe('#e4e5e8');
    expect(cell(0, 1).count).toBe(20);
    expect(cell(0, 1).fill).toBe(cell(1, 0).fill);
    expect(cell(0, 1).fill).not.toBe(cell(0, 2).fill);
    expect(cell(3, 4).fill).toBe('#fafafa');
    expect(cell(1, 0).x).toBe(p.left);
    expect(cell(1, 0).y).toBe(p.top + p.cell);
  });

  it('leaves room above for the longest rotated label ("Hyperparameter tuning", 21 characters)', () => {
    const p = prepareMatrix(EDIT_LABELS.map(() => EDIT_LABELS.map(() => 0)));
    // estimated 21 * 7 + 8 = 155 px wide; risen at 55 degrees: 155 * sin 55 = 127 px
    expect(p.top).toBeGreaterThanOrEqual(127);
    expect(p.left).toBeGreaterThanOrEqual(155);
  });
});
