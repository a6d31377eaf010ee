import { describe, expect, it } from 'vitest';
import { definitionsOptions, hrefWith, scopeOptions } from './switchOptions';

describe('switch options', () => {
  it('builds permalinks that change one choice and keep the others', () => {
    expect(hrefWith('/x', { a: '1', b: undefined, c: '' })).toBe('/x?a=1');
    expect(hrefWith('/x', {})).toBe('/x');
    const scopes = scopeOptions('/runs/r/cycling', { definitions: 'evoreplay', scope: 'lineage' });
    expect(scopes.map((o) => o.href)).toEqual([
      '/runs/r/cycling?definitions=evoreplay&scope=lineage',
      '/runs/r/cycling?definitions=evoreplay&scope=run',
    ]);
    const defs = definitionsOptions('/runs/r/cycling', { definitions: 'default', scope: 'run' });
    expect(defs.map((o) => [o.value, o.label, o.href])).toEqual([
      ['default', 'Evoscope default', '/runs/r/cycling?definitions=default&scope=run'],
      ['evoreplay', 'EvoReplay-compatible', '/runs/r/cycling?definitions=evoreplay&scope=run'],
    ]);
  });

  it('escapes values', () => {
    expect(hrefWith('/compare', { runs: 'a,b' })).toBe('/compare?runs=a%2Cb');
  });
});
