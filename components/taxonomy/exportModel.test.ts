import { describe, expect, it } from 'vitest';
import type { JudgedEdit, TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { judgedEditsCsv, labelStatsCsv } from './exportModel';

const label = (l: 'pruning' | 'refactor', oddsRatio: number | null) => ({
  label: l,
  count: 3,
  prevalence: 0.3,
  positiveRate: 0.5,
  oddsRatio,
  ciLow: oddsRatio === null ? null : oddsRatio / 2,
  ciHigh: oddsRatio === null ? null : oddsRatio * 2,
  fisherP: 0.04,
  table: { a: 1, b: 2, c: 3, d: 4 },
  enrichmentBestSoFar: null,
  enrichmentFinalLineage: 1.5,
});

describe('labelStatsCsv', () => {
  it('writes one row per label in the figure order (odds ratio descending), empty cells for undefined values', () => {
    const stats = { labels: [label('pruning', null), label('refactor', 2)] } as unknown as TaxonomyStatsResponse;
    const lines = labelStatsCsv(stats).split('\r\n');
    expect(lines[0]).toBe(
      'label,count,prevalence,positive_rate,odds_ratio,ci_low,ci_high,fisher_p,a_present_positive,b_present_not_positive,c_absent_positive,d_absent_not_positive,enrichment_best_so_far,enrichment_final_lineage',
    );
    expect(lines[1]).toBe('refactor,3,0.3,0.5,2,1,4,0.04,1,2,3,4,,1.5');
    expect(lines[2]).toBe('pruning,3,0.3,0.5,,,,0.04,1,2,3,4,,1.5');
    expect(lines[3]).toBe('');
  });
});

describe('judgedEditsCsv', () => {
  it('joins labels with + and quotes rationales that need it', () => {
    const e: JudgedEdit = {
      childId: 'u2',
      childExternalId: 'c-2',
      parentId: 'u1',
      parentExternalId: 'c-1',
      iteration: 4,
      parentScore: 1,
      childScore: 1.5,
      scoreChange: 0.5,
      status: 'judged',
      labels: ['hyperparameter_tuning', 'bug_fix'],
      rationale: 'raised the limit, "and" fixed a guard',
      reason: null,
    };
    expect(judgedEditsCsv([e]).split('\r\n')[1]).toBe('c-1,c-2,4,1,1.5,0.5,judged,hyperparameter_tuning+bug_fix,"raised the limit, ""and"" fixed a guard"');
  });
});
