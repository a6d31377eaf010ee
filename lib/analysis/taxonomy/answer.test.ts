// The rubric answer's policy: labels normalised, unknown ones dropped, none left = invalid;
// rationale on one line; quoted lines mapped to 1-based parent/child line numbers.
import { expect, it } from 'vitest';
import { editDiff } from './diff';
import { judgementFromAnswer, rubricAnswerSchema } from './answer';

it('normalises label spellings, drops unknown labels, refuses an answer with none of the nine', () => {
  const a = rubricAnswerSchema.parse({ labels: ['Bug fix', 'speedup', 'hyperparameter-tuning', 'bug_fix'], rationale: 'a\n  guard\tadded ' });
  expect(a.labels).toEqual(['hyperparameter_tuning', 'bug_fix']);
  expect(a.rationale).toBe('a guard added');
  expect(rubricAnswerSchema.safeParse({ labels: ['speedup'], rationale: 'x' }).success).toBe(false);
  expect(rubricAnswerSchema.safeParse({ labels: [], rationale: 'x' }).success).toBe(false);
  expect(rubricAnswerSchema.safeParse({ labels: ['bug_fix'], rationale: '  ' }).success).toBe(false);
  expect(rubricAnswerSchema.safeParse({ labels: ['bug_fix'] }).success).toBe(false);
});

it('maps the quoted changed lines of each label into evidence (child lines added, parent lines removed, 1-based)', () => {
  const parent = ['import os', 'def f(x):', '    return x / n', '', 'lr = 0.1', 'pad', 'pad', 'pad', 'pad', 'end'].join('\n');
  const child = ['import os', 'import numpy as np', 'def f(x):', '    if n == 0: return 0', '    return x / n', '', 'lr = 0.2', 'pad', 'pad', 'pad', 'pad', 'end'].join('\n');
  const diff = editDiff(parent, child).text;
  const answer = rubricAnswerSchema.parse({
    labels: ['external_dependency', 'bug_fix', 'hyperparameter_tuning'],
    rationale: 'x',
    lines: {
      external_dependency: ['+import numpy as np'],
      bug_fix: ['+    if n == 0: return 0', '+not in the diff'],
      hyperparameter_tuning: ['-lr = 0.1', '+lr = 0.2  '],
      refactor: ['-lr = 0.1'],
    },
  });
  expect(judgementFromAnswer(answer, diff).evidence).toEqual({
    external_dependency: { added: [2], removed: [] },
    bug_fix: { added: [4], removed: [] },
    hyperparameter_tuning: { added: [7], removed: [5] },
  });
  expect(judgementFromAnswer(rubricAnswerSchema.parse({ labels: ['bug_fix'], rationale: 'x', lines: 'garbage' }), diff).evidence).toEqual({});
});
