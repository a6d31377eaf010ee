import { describe, expect, it } from 'vitest';
import { assessValidity, choosePrimaryMetric, MEAN_OF_METRICS } from './validity';
import { parsePythonJson } from '../importers/pythonJson';

describe('choosePrimaryMetric', () => {
  it('prefers combined_score, then overall_score, then the mean', () => {
    expect(choosePrimaryMetric([{ a: 1 }, { combined_score: 1, overall_score: 2 }])).toBe('combined_score');
    expect(choosePrimaryMetric([{ overall_score: 2 }])).toBe('overall_score');
    expect(choosePrimaryMetric([{ a: 1 }])).toBe(MEAN_OF_METRICS);
  });
});

describe('assessValidity', () => {
  const v = (m: Record<string, unknown>, key = 'combined_score') => assessValidity(m, key);
  it('accepts a finite score', () => {
    expect(v({ combined_score: 0.5 })).toEqual({ valid: true, invalidReason: null, score: 0.5 });
    expect(v({ a: 1, b: 3, validity: 1 }, MEAN_OF_METRICS)).toEqual({ valid: true, invalidReason: null, score: 2 });
  });
  it('marks error metrics and false flags invalid but keeps a real score', () => {
    expect(v({ error: 0.0 })).toMatchObject({ valid: false, invalidReason: 'error: 0', score: null });
    expect(v({ combined_score: 0, correct: false })).toMatchObject({ valid: false, invalidReason: 'correct is false', score: 0 });
    expect(v({ combined_score: 0.3, validity: 0 })).toMatchObject({ valid: false, score: 0.3 });
  });
  it('marks missing, non-finite and sentinel scores invalid with a null score', () => {
    expect(v({ other: 1 })).toMatchObject({ valid: false, invalidReason: 'no numeric combined_score', score: null });
    expect(v({ combined_score: '-inf' })).toMatchObject({ valid: false, invalidReason: 'combined_score is -Infinity', score: null });
    expect(v({ combined_score: NaN })).toMatchObject({ valid: false, score: null });
    expect(v({ combined_score: -1000 })).toMatchObject({ valid: false, invalidReason: 'combined_score is the failure sentinel -1000' });
    expect(v({ combined_score: -1e9 })).toMatchObject({ valid: false, score: null });
    expect(v({ combined_score: -42707 })).toMatchObject({ valid: true, score: -42707 }); // no threshold
  });
});

describe('parsePythonJson', () => {
  it('reads bare NaN and Infinity outside strings only', () => {
    expect(parsePythonJson('{"a": NaN, "b": [-Infinity, Infinity], "s": "NaN \\" Infinity"}')).toEqual({
      a: NaN, b: [-Infinity, Infinity], s: 'NaN " Infinity',
    });
  });
  it('reports the real error for broken JSON', () => {
    expect(() => parsePythonJson('{"a": NaN, "b": ')).toThrow('Unexpected end of JSON input');
  });
});
