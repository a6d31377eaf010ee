import { describe, expect, it } from 'vitest';
import { judgeTitle, judgementsUrl, taxonomyQuery, taxonomyViewParams } from './taxonomyUrls';

describe('taxonomy permalinks', () => {
  it('reads ?judge= and ?label=, falling back to the offline judge and no label', () => {
    expect(taxonomyViewParams({})).toEqual({ judge: 'offline@2', label: null });
    expect(taxonomyViewParams({ judge: 'llm:m@rubric-1', label: 'bug_fix' })).toEqual({ judge: 'llm:m@rubric-1', label: 'bug_fix' });
    expect(taxonomyViewParams({ judge: ['a', 'b'], label: 'not_a_label' })).toEqual({ judge: 'a', label: null });
    expect(taxonomyViewParams({ judge: ' ', label: '' })).toEqual({ judge: 'offline@2', label: null });
  });
  it('writes back only what differs from the defaults', () => {
    expect(taxonomyQuery('offline@2', null)).toBe('');
    expect(taxonomyQuery('offline@2', 'pruning')).toBe('?label=pruning');
    expect(taxonomyQuery('llm:a/b@rubric-1', null)).toBe('?judge=llm%3Aa%2Fb%40rubric-1');
    // Round trip.
    const q = new URLSearchParams(taxonomyQuery('llm:a/b@rubric-1', 'refactor'));
    expect(taxonomyViewParams(Object.fromEntries(q))).toEqual({ judge: 'llm:a/b@rubric-1', label: 'refactor' });
  });
  it('builds the judgements URL with the page parameters', () => {
    expect(judgementsUrl('r', { judge: 'offline@2', label: 'bug_fix', sort: '-scoreChange', limit: 25, cursor: 'x' })).toBe(
      '/api/runs/r/judgements?judge=offline%402&label=bug_fix&sort=-scoreChange&limit=25&cursor=x',
    );
  });
  it('names judges for people', () => {
    expect(judgeTitle('offline@2')).toBe('Offline judge (v2)');
    expect(judgeTitle('llm:qwen/qwen3@rubric-1')).toBe('LLM qwen/qwen3 (rubric-1)');
    expect(judgeTitle('human:ana')).toBe('human:ana');
  });
});
