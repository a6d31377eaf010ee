// The fast paths of jsonb and lineCount give exactly what the plain definitions give.
import { expect, it } from 'vitest';
import { clean, jsonb, lineCount } from './rows';

const slow = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : typeof x === 'string' ? clean(x) : x));

it('jsonb keeps non-finite numbers as strings and replaces U+0000, at any depth, as the replacer does', () => {
  const values: unknown[] = [
    { a: 1, b: 'x', c: [1, 2, { d: null }] },
    { score: Number.NEGATIVE_INFINITY, nested: { x: [Number.NaN, 1.5] } },
    { text: 'a\u0000b', list: ['\u0000'] },
    { 'key\u0000': 1 },
    { literal: 'backslash-u: \\u0000 stays text' },
    { when: new Date(0), buf: Buffer.from('hi') },
    'plain string',
    [Number.POSITIVE_INFINITY],
  ];
  for (const v of values) expect(jsonb(v)).toBe(slow(v));
  expect(jsonb({ score: Number.NEGATIVE_INFINITY })).toBe('{"score":"-Infinity"}');
  expect(jsonb(null)).toBeNull();
  expect(jsonb(undefined)).toBeNull();
});

it('lineCount counts lines as splitting on newlines does', () => {
  const split = (s: string) => (s === '' ? 0 : s.split('\n').length - (s.endsWith('\n') ? 1 : 0));
  for (const s of ['', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n', '\n\n', 'x\n\ny']) expect(lineCount(s)).toBe(split(s));
});
