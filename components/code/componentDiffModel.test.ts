import { expect, it } from 'vitest';
import { componentsText } from '@/lib/trace/components';
import { componentPairs } from './componentDiffModel';

it('pairs components by name in the modified order, then the removed ones', () => {
  const a = componentsText({ system: 'be brief', judge: 'score it', old: 'gone' }, ['system', 'judge', 'old']);
  const b = componentsText({ judge: 'score it well', system: 'be brief', fresh: 'new' }, ['judge', 'system', 'fresh']);
  expect(componentPairs(a, b)).toEqual([
    { name: 'judge', original: 'score it', modified: 'score it well', change: 'changed' },
    { name: 'system', original: 'be brief', modified: 'be brief', change: 'same' },
    { name: 'fresh', original: '', modified: 'new', change: 'added' },
    { name: 'old', original: 'gone', modified: '', change: 'removed' },
  ]);
});

it('is null for two plain sources', () => {
  expect(componentPairs('def f():\n  pass\n', 'def f():\n  return 1\n')).toBeNull();
});

it('keeps multi-line components whole', () => {
  const a = componentsText({ p: 'line 1\n\nline 3' });
  expect(componentPairs(a, a)).toEqual([{ name: 'p', original: 'line 1\n\nline 3', modified: 'line 1\n\nline 3', change: 'same' }]);
});
