import { describe, expect, it } from 'vitest';
import { compareEvaluations } from './rerunCompareModel';

describe('compareEvaluations', () => {
  it('puts the score metric first and gives each number its change', () => {
    const c = compareEvaluations({
      scoreMetric: 'combined_score',
      higherIsBetter: true,
      recorded: { score: 0.75, metrics: { combined_score: 0.75, runtime: 2, valid: true, note: 'a' } },
      rerun: { score: 0.7, metrics: { combined_score: 0.7, runtime: 2.5, valid: true, note: 'b', extra: 1 } },
    });
    expect(c.score).toEqual({ recorded: expect.any(String), rerun: expect.any(String), change: '−0.05', direction: 'worse', reproduced: false });
    expect(c.rows.map((r) => [r.key, r.change, r.direction])).toEqual([
      ['combined_score', '−0.05', 'worse'],
      ['extra', 'missing', 'changed'],
      ['note', 'changed', 'changed'],
      ['runtime', '+0.5', 'up'],
      ['valid', '', 'same'],
    ]);
    expect(c.rows[0].isScore).toBe(true);
  });

  it('follows the run direction: a lower score is better when lower is better', () => {
    const c = compareEvaluations({
      scoreMetric: 'loss',
      higherIsBetter: false,
      recorded: { score: 3, metrics: { loss: 3 } },
      rerun: { score: 2, metrics: { loss: 2 } },
    });
    expect(c.score).toMatchObject({ change: '−1', direction: 'better' });
    expect(c.rows[0]).toMatchObject({ change: '−1', direction: 'better' });
  });

  it('an exact reproduction reads ±0 and reproduced', () => {
    const c = compareEvaluations({
      scoreMetric: 's',
      higherIsBetter: true,
      recorded: { score: 2.5, metrics: { s: 2.5 } },
      rerun: { score: 2.5, metrics: { s: 2.5 } },
    });
    expect(c.score).toMatchObject({ change: '±0', direction: 'same', reproduced: true });
  });

  it('a re-run without a score (the candidate failed) has no numeric change', () => {
    const c = compareEvaluations({ scoreMetric: 's', higherIsBetter: true, recorded: { score: 1, metrics: { s: 1 } }, rerun: { score: null, metrics: {} } });
    expect(c.score).toMatchObject({ rerun: '—', change: 'missing', direction: null, reproduced: false });
    expect(c.rows).toEqual([{ key: 's', isScore: true, recorded: expect.any(String), rerun: '—', change: 'missing', direction: 'changed' }]);
  });
});
