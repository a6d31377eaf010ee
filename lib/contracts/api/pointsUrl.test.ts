// The overview page preloads the points URL the chart then fetches: both must name the same
// metric, or the preload is wasted and the 8 MB body is downloaded twice.
import { expect, it } from 'vitest';
import { initialChartMetric, pointsUrl } from './points';

it('opens on ?metric= when the run has it, else on the score metric, else the first key', () => {
  expect(initialChartMetric(['a', 'combined_score'], 'combined_score', 'a')).toBe('a');
  expect(initialChartMetric(['a', 'combined_score'], 'combined_score', 'nope')).toBe('combined_score');
  expect(initialChartMetric(['a', 'combined_score'], 'combined_score', undefined)).toBe('combined_score');
  expect(initialChartMetric([], 'score', 'score')).toBe('score');
  expect(initialChartMetric(['x', 'y'], null, undefined)).toBe('x');
  expect(initialChartMetric([], null, undefined)).toBe('');
});

it('encodes the metric in the URL', () => {
  expect(pointsUrl('r1', 'a b&c')).toBe('/api/runs/r1/points?metric=a%20b%26c');
});
