import { describe, expect, it } from 'vitest';
import { findNode, lineageViewQuery, parseLineageView } from './viewState';

const uuid = '3f2b8c1e-0000-4000-8000-000000000001';

describe('lineage view URL', () => {
  it('parses a permalink and falls back to defaults on anything else', () => {
    expect(parseLineageView({ node: uuid, color: 'island', layout: 'timeline' })).toEqual({ node: uuid, color: 'island', layout: 'timeline' });
    expect(parseLineageView({})).toEqual({ node: undefined, color: 'score', layout: 'tree' });
    expect(parseLineageView({ node: 'nope', color: 'rainbow', layout: ['timeline', 'tree'] })).toEqual({
      node: undefined,
      color: 'score',
      layout: 'timeline',
    });
  });

  it('writes the view into the query string, keeping other parameters', () => {
    const q = new URLSearchParams(lineageViewQuery('x=1&node=old', { node: uuid, color: 'recycled', layout: 'tree' }));
    expect(Object.fromEntries(q)).toEqual({ x: '1', node: uuid, color: 'recycled', layout: 'tree' });
    expect(new URLSearchParams(lineageViewQuery('node=old', { node: null, color: 'score', layout: 'tree' })).has('node')).toBe(false);
  });
});

describe('colour by any metric in the URL', () => {
  it('keeps the metric with color=metric, and falls back to score without one', () => {
    expect(parseLineageView({ color: 'metric', metric: 'eval_time' })).toMatchObject({ color: 'metric', metric: 'eval_time' });
    expect(parseLineageView({ color: 'metric' })).toMatchObject({ color: 'score' });
    const q = new URLSearchParams(lineageViewQuery('metric=old', { node: null, color: 'metric', metric: 'eval_time', layout: 'tree' }));
    expect(Object.fromEntries(q)).toEqual({ color: 'metric', metric: 'eval_time', layout: 'tree' });
    expect(new URLSearchParams(lineageViewQuery('metric=old', { node: null, color: 'island', metric: 'x', layout: 'tree' })).has('metric')).toBe(false);
  });
});

describe('findNode', () => {
  const graph = {
    ids: ['aaaa1111-0000-4000-8000-000000000000', 'bbbb2222-0000-4000-8000-000000000000', 'aaaa3333-0000-4000-8000-000000000000'],
    externalIds: ['seed', 'child-1', 'aaaa1111-0000-4000-8000-000000000000x'],
  };
  it('prefers an exact external id, then ghosts, then uuids and prefixes in seq order', () => {
    expect(findNode('child-1', graph)).toBe(1);
    expect(findNode('lost', graph, ['lost'])).toBe(3);
    expect(findNode('BBBB2222-0000-4000-8000-000000000000', graph)).toBe(1);
    expect(findNode('aaaa', graph)).toBe(0);
    expect(findNode('aaaa3', graph)).toBe(2);
    expect(findNode('chi', graph)).toBe(1);
    expect(findNode('  ', graph)).toBeNull();
    expect(findNode('zzz', graph)).toBeNull();
  });
});

describe('colour by edit label in the URL', () => {
  it('keeps a known label with color=label, falls back to score without one, drops a stray label', () => {
    expect(parseLineageView({ color: 'label', label: 'bug_fix' })).toMatchObject({ color: 'label', label: 'bug_fix' });
    expect(parseLineageView({ color: 'label', label: 'not_a_label' })).toMatchObject({ color: 'score', label: undefined });
    expect(parseLineageView({ color: 'label' })).toMatchObject({ color: 'score' });
    expect(parseLineageView({ color: 'island', label: 'bug_fix' })).toMatchObject({ color: 'island', label: undefined });
    const q = new URLSearchParams(lineageViewQuery('label=old', { node: null, color: 'label', label: 'pruning', layout: 'tree' }));
    expect(Object.fromEntries(q)).toEqual({ color: 'label', label: 'pruning', layout: 'tree' });
    expect(new URLSearchParams(lineageViewQuery('label=old', { node: null, color: 'score', label: 'pruning', layout: 'tree' })).has('label')).toBe(false);
  });
});

describe('rejected programs and context edges in the URL', () => {
  it('are off unless the URL says otherwise, and written only when on', () => {
    expect(parseLineageView({})).toEqual({ node: undefined, color: 'score', layout: 'tree' });
    expect(parseLineageView({ rejected: '1', context: 'selected' })).toMatchObject({ rejected: true, context: 'selected' });
    expect(parseLineageView({ rejected: 'yes', context: 'some' })).toMatchObject({ rejected: undefined, context: undefined });
    const on = new URLSearchParams(lineageViewQuery('', { node: null, color: 'score', layout: 'tree', rejected: true, context: 'all' }));
    expect(Object.fromEntries(on)).toEqual({ color: 'score', layout: 'tree', rejected: '1', context: 'all' });
    const off = new URLSearchParams(lineageViewQuery('rejected=1&context=all', { node: null, color: 'score', layout: 'tree', rejected: false, context: 'off' }));
    expect(Object.fromEntries(off)).toEqual({ color: 'score', layout: 'tree' });
  });
});
