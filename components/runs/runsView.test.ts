import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SORT, runsViewFromParams, runsViewQuery } from './runsView';

describe('runs list view in the URL', () => {
  it('keeps the plain list at a plain address', () => {
    const v = runsViewFromParams(new URLSearchParams(''));
    expect(v).toEqual({ filter: { q: '', framework: '', task: '', language: '', tag: '' }, sort: DEFAULT_RUN_SORT });
    expect(runsViewQuery(v)).toBe('');
  });
  it('round-trips search, filters and sort', () => {
    const q = '?q=circle+packing&framework=openevolve&tag=paper&sort=bestScore&dir=asc';
    const v = runsViewFromParams(new URLSearchParams(q));
    expect(v.filter).toMatchObject({ q: 'circle packing', framework: 'openevolve', tag: 'paper' });
    expect(v.sort).toEqual({ key: 'bestScore', dir: 'asc' });
    expect(runsViewQuery(v)).toBe(q);
  });
  it('ignores an unknown sort key or direction', () => {
    expect(runsViewFromParams(new URLSearchParams('?sort=__proto__&dir=up')).sort).toEqual(DEFAULT_RUN_SORT);
    expect(runsViewFromParams(new URLSearchParams('?sort=name&dir=up')).sort).toEqual({ key: 'name', dir: 'desc' });
  });
});
