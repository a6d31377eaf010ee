import { expect, it } from 'vitest';
import { parseGold, toJsonl } from './gold';

it('reads back what it writes, labels in Table 9 order', () => {
  const text = toJsonl([
    { run: 'r', child_id: 'c1', parent_id: 'p1', labels: ['refactor', 'bug_fix'], note: 'guard', diff: '--- parent\n+++ child\n' },
    { run: 'r', child_id: 'c2', parent_id: 'p2', labels: [], note: '', diff: '', skipped: true },
  ]);
  expect(parseGold(text)).toEqual({
    ok: true,
    lines: [
      { line: 1, run: 'r', childId: 'c1', labels: ['bug_fix', 'refactor'], note: 'guard', skipped: false },
      { line: 2, run: 'r', childId: 'c2', labels: [], note: '', skipped: true },
    ],
  });
});

it('names every bad line by number', () => {
  const text = [
    JSON.stringify({ run: 'r', child_id: 'c1', labels: ['bug_fix'] }),
    '{not json',
    JSON.stringify({ run: 'r', labels: [] }),
    '',
    JSON.stringify({ run: 'r', child_id: 'c4', labels: ['bugfix'] }),
    JSON.stringify({ run: 'r', child_id: 'c1', labels: [] }),
  ].join('\n');
  const parsed = parseGold(text);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.errors).toHaveLength(4);
  expect(parsed.errors[0]).toMatch(/^line 2: not valid JSON/);
  expect(parsed.errors[1]).toMatch(/^line 3: child_id/);
  expect(parsed.errors[2]).toBe('line 5: unknown label "bugfix"');
  expect(parsed.errors[3]).toMatch(/^line 6: edit c1 of run r appears twice/);
  expect(parseGold('\n\n')).toEqual({ ok: false, errors: ['the file holds no labelled edit'] });
});
