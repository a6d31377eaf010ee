// The variants on prompts built exactly as the demo runs store them (lib/services/demo/prompts.ts,
// OpenEvolve's templates): Python in diff mode, C++ in full-rewrite mode.
import { describe, expect, it } from 'vitest';
import { buildUserPrompt, type PromptProgram } from '../../services/demo/prompts';
import { circlePacking } from '../../services/demo/programs/python';
import { ahcHeuristic } from '../../services/demo/programs/cpp';
import { applyReply } from './parse';
import { lineageDeletions } from './deletionHistory';
import { buildVariant, sections, STRICT_DIFF_REMINDER, type StoredPrompt } from './variants';

const py = circlePacking.seed.join('\n') + '\n';
const cpp = ahcHeuristic.seed.join('\n') + '\n';
const prog = (code: string, s: number, parent?: number): PromptProgram => ({
  code,
  metrics: { combined_score: s },
  changes: 'Change 1: tweak',
  ...(parent !== undefined ? { parentMetrics: { combined_score: parent } } : {}),
});
const pyUser = buildUserPrompt({ template: circlePacking, mode: 'diff', parent: prog(py, 0.5, 0.4), previous: [prog(py, 0.4, 0.3), prog(py, 0.3)], top: [prog('TOP_ONE = 1\n', 0.9), prog('TOP_TWO = 2\n', 0.8)] });
const cppUser = buildUserPrompt({ template: ahcHeuristic, mode: 'full', parent: prog(cpp, 5, 4), previous: [prog(cpp, 4)], top: [prog('int top_one;\n', 9)] });
const pyPrompt: StoredPrompt = { system: circlePacking.systemMessage, user: pyUser, kind: 'diff_user' };
const cppPrompt: StoredPrompt = { system: ahcHeuristic.systemMessage, user: cppUser, kind: 'full_rewrite_user' };
const user = (v: ReturnType<typeof buildVariant>) => v.messages[v.messages.length - 1].content;

describe('replay variants on the demo prompts', () => {
  it('finds OpenEvolve headings, not the "#" comments inside code fences', () => {
    const titles = sections(pyUser.split('\n')).map((s) => `${s.level}:${s.title}`);
    expect(titles).toEqual(['1:Current Program Information', '1:Program Evolution History', '2:Previous Attempts', '3:Attempt 2', '3:Attempt 1', '2:Top Performing Programs', '3:Program 1 (Score: 0.9000)', '3:Program 2 (Score: 0.8000)', '1:Current Program', '1:Task']);
  });

  it('exact sends the stored system and user prompt unchanged, read in the stored mode', () => {
    const v = buildVariant('exact', pyPrompt, { language: 'python' });
    expect(v.messages).toEqual([{ role: 'system', content: circlePacking.systemMessage }, { role: 'user', content: pyUser }]);
    expect(v).toMatchObject({ mode: 'diff', changed: false });
    expect(buildVariant('exact', cppPrompt, { language: 'cpp' }).mode).toBe('rewrite');
  });

  it('no_history removes the previous attempts and nothing else', () => {
    const v = buildVariant('no_history', pyPrompt, { language: 'python' });
    expect(v.changed).toBe(true);
    expect(v.note).toBe('removed "Previous Attempts"');
    expect(user(v)).not.toMatch(/Previous Attempts|### Attempt/);
    expect(user(v)).toContain('## Top Performing Programs');
    expect(user(v)).toContain('TOP_ONE = 1');
    expect(user(v)).toContain('# Current Program\n```python\n' + py.trimEnd());
    expect(user(v).split('\n').length).toBe(pyUser.split('\n').length - 12);
  });

  it('no_other_context removes the top programs (both), keeping the history and the current program', () => {
    const v = buildVariant('no_other_context', pyPrompt, { language: 'python' });
    expect(user(v)).not.toMatch(/Top Performing|TOP_ONE|TOP_TWO/);
    expect(user(v)).toContain('## Previous Attempts');
    expect(user(v)).toContain('# Current Program\n');
    expect(user(v)).toContain('# Task\n');
  });

  it('alternate_context swaps the top programs for the given ones', () => {
    const v = buildVariant('alternate_context', pyPrompt, { language: 'python', alternates: [{ score: 0.51, source: 'ALT = 3\n' }] });
    expect(user(v)).not.toMatch(/TOP_ONE|TOP_TWO/);
    expect(user(v)).toContain('## Top Performing Programs\n\n### Program 1 (Score: 0.5100)\n```python\nALT = 3\n```');
    expect(buildVariant('alternate_context', pyPrompt, { language: 'python', alternates: [] })).toMatchObject({ changed: false });
  });

  it('deletion_history adds the lineage deletions before "# Current Program"', () => {
    const deleted = lineageDeletions(['x = 1\ny = compute_slowly(x)\nprint(y)\n', 'x = 1\nprint(x)\n', 'x = 2\nprint(x)\n'], 'python');
    // most recent first; lines still in the parent (print(x)) are left out
    expect(deleted).toEqual(['x = 1', 'y = compute_slowly(x)', 'print(y)']);
    const v = buildVariant('deletion_history', pyPrompt, { language: 'python', deletedLines: deleted });
    expect(user(v)).toContain('## Lines Deleted Earlier in This Lineage');
    expect(user(v).indexOf('y = compute_slowly(x)')).toBeLessThan(user(v).indexOf('# Current Program\n'));
    expect(buildVariant('deletion_history', pyPrompt, { language: 'python', deletedLines: [] })).toMatchObject({ changed: false });
  });

  it('strict_diff replaces a rewrite task by the diff-only task and enforces diff replies', () => {
    const v = buildVariant('strict_diff', cppPrompt, { language: 'cpp' });
    expect(v.mode).toBe('diff');
    expect(user(v)).not.toContain('Rewrite the program');
    expect(user(v)).toContain('<<<<<<< SEARCH\n// Original code to find and replace (must match exactly)');
    expect(user(v).endsWith(STRICT_DIFF_REMINDER)).toBe(true);
    const rewrite = '```cpp\nint main() {}\n```';
    expect(applyReply(cpp, rewrite, 'openevolve', { mode: v.mode, language: 'cpp' }).ok).toBe(false);
    expect(applyReply(cpp, rewrite, 'openevolve', { mode: buildVariant('exact', cppPrompt, { language: 'cpp' }).mode, language: 'cpp' }).ok).toBe(true);
    const onDiff = buildVariant('strict_diff', pyPrompt, { language: 'python' });
    expect(user(onDiff)).toBe(`${pyUser}\n\n${STRICT_DIFF_REMINDER}`);
  });

  it('a variant whose section is absent sends the exact prompt and says so; custom replaces what is given', () => {
    const bare: StoredPrompt = { system: null, user: 'Improve this:\n```python\nx = 1\n```', kind: null };
    for (const variant of ['no_history', 'no_other_context', 'alternate_context'] as const) {
      const v = buildVariant(variant, bare, { language: 'python', alternates: [{ score: 1, source: 'y = 2' }] });
      expect(v).toMatchObject({ changed: false, messages: [{ role: 'user', content: bare.user }] });
      expect(v.note).toMatch(/sent as stored/);
    }
    const c = buildVariant('custom', pyPrompt, { language: 'python', customUser: 'just do it' });
    expect(c.messages).toEqual([{ role: 'system', content: circlePacking.systemMessage }, { role: 'user', content: 'just do it' }]);
  });

  it('no_other_context also removes OpenEvolve\'s inspiration and diverse programs sections', () => {
    const u = [
      '# Program Evolution History',
      '## Previous Attempts',
      '### Attempt 1',
      '- Metrics: combined_score: 0.5',
      '## Top Performing Programs',
      '### Program 1 (Score: 0.9000)',
      '```python',
      '# a comment, not a heading',
      'x = 1',
      '```',
      '### Diverse Programs',
      '## Inspiration Programs',
      'These programs represent diverse approaches and creative solutions that may inspire new ideas:',
      '### Inspiration 1 (Score: 0.7000, Type: Exploratory)',
      '## Other Programs Tried',
      'y = 2',
      '# Current Program',
      '```python',
      'z = 3',
      '```',
      '# Task',
      'Improve it.',
    ].join('\n');
    const v = buildVariant('no_other_context', { system: 's', user: u, kind: 'diff_user' }, { language: 'python' });
    expect(user(v)).toBe(['# Program Evolution History', '## Previous Attempts', '### Attempt 1', '- Metrics: combined_score: 0.5', '# Current Program', '```python', 'z = 3', '```', '# Task', 'Improve it.'].join('\n'));
    // "### Diverse Programs" goes with the "## Top Performing Programs" it sits in; nested matches are not listed twice.
    expect(v.note).toBe('removed "Top Performing Programs", "Inspiration Programs", "Other Programs Tried"');
  });

  it('no_other_context removes ShinkaEvolve\'s prior-individuals context', () => {
    const u = ['# Current program', '```python', 'x = 1', '```', '# Prior Repository Individual Context', '', '## Inspiration 1', 'Performance: combined_score=0.5', '', '## Inspiration 2', 'Performance: combined_score=0.4', '# Task', 'Improve it.'].join('\n');
    const v = buildVariant('no_other_context', { system: null, user: u, kind: 'diff' }, { language: 'python' });
    expect(user(v)).toBe(['# Current program', '```python', 'x = 1', '```', '# Task', 'Improve it.'].join('\n'));
  });
});
