// The rubric prompt: the nine labels with Table 9's definitions word for word, EvoReplay's
// answer shape, the diff, and the stated truncation rule at hunk boundaries.
import { expect, it } from 'vitest';
import { editDiff } from './diff';
import { EDIT_LABELS, LABEL_DEFINITIONS } from '../../contracts/editLabels';
import { rubricMessages, truncateDiff } from './rubric';

it('carries every label with its Table 9 definition, the answer shape and the diff', () => {
  const diff = editDiff('x = 1\ny = 2\n', 'x = 3\ny = 2\n').text;
  const [system, user] = rubricMessages(diff, { language: 'python' });
  for (const l of EDIT_LABELS) expect(system.content).toContain(`- ${l}: ${LABEL_DEFINITIONS[l]}`);
  expect(system.content).toContain('{"labels": ["<label>", ...], "rationale": "<one sentence saying why>"');
  expect(user.content).toContain('written in python');
  expect(user.content).toContain(`\`\`\`diff\n${diff}\n\`\`\``);
});

const hunk = (i: number, body: number) => [`@@ -${i * 100},${body} +${i * 100},${body} @@`, ...Array.from({ length: body }, (_, k) => `-line ${i}.${k} ${'x'.repeat(40)}`)];

it('keeps whole hunks from the start while they fit, then says how many hunks and lines were left out', () => {
  const lines = ['--- parent', '+++ child', ...hunk(1, 10), ...hunk(2, 10), ...hunk(3, 10), ...hunk(4, 5)];
  const diff = lines.join('\n');
  const oneHunk = hunk(1, 10).join('\n').length + 1;
  const t = truncateDiff(diff, 22 + 2 * oneHunk + 5);
  const out = t.text.split('\n');
  expect(out.slice(0, 2 + 22)).toEqual(lines.slice(0, 24));
  expect(out).toHaveLength(2 + 22 + 1);
  expect(out.at(-1)).toBe('... [2 more hunks, 17 lines truncated]');
  expect(t).toMatchObject({ hunksDropped: 2, linesDropped: 17 });
  expect(truncateDiff(diff, diff.length)).toEqual({ text: diff, hunksDropped: 0, linesDropped: 0 });
});

it('cuts a first hunk longer than the limit after its last whole line that fits', () => {
  const lines = ['--- parent', '+++ child', ...hunk(1, 100), ...hunk(2, 3)];
  const t = truncateDiff(lines.join('\n'), 500);
  const out = t.text.split('\n');
  expect(out[2]).toBe('@@ -100,100 +100,100 @@');
  const kept = out.length - 4; // headers, @@, the final line
  expect(out.slice(3, 3 + kept)).toEqual(lines.slice(3, 3 + kept));
  expect(t.text.length - out.at(-1)!.length).toBeLessThanOrEqual(501);
  expect(out.at(-1)).toBe(`... [1 more hunk, ${100 - kept + 4} lines truncated]`);
});
