import { describe, expect, it } from 'vitest';
import { componentsText, splitComponents } from './components';

describe('componentsText', () => {
  it('puts each component under a header line, in the given order then by name', () => {
    const text = componentsText({ b: 'B text', a: 'A1\nA2\n', c: 'C' }, ['c']);
    expect(text).toBe('### component: c ###\nC\n\n### component: a ###\nA1\nA2\n\n### component: b ###\nB text\n');
    expect(splitComponents(text)).toEqual([
      { name: 'c', text: 'C' },
      { name: 'a', text: 'A1\nA2' },
      { name: 'b', text: 'B text' },
    ]);
  });
  it('is stable whatever the key order', () => {
    expect(componentsText({ x: '1', y: '2' })).toBe(componentsText({ y: '2', x: '1' }));
  });
  it('says a plain program is not made of components', () => {
    expect(splitComponents('def f():\n  pass')).toBeNull();
  });
});
