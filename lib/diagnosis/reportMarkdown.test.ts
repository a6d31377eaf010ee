import { describe, expect, it } from 'vitest';
import { claimsOf, parseReportMarkdown } from './reportMarkdown';

const FULL = `# Diagnostic report (trigger at gen 10)

## Hypothesis
The 2-opt pass stops early: it runs 300 iterations and the tour still has crossings.

## Experiment
Ran gen_7/main.cpp on n=2000 points. Runtime = 412 ms; 37 crossings remain.

### Details
More lines of the experiment.

## Verdict
Confirmed: 1.4× the length of the optimum on the large input.

## Direction
Use Or-opt moves and raise the budget to 12%.

## Appendix
Not a part: 999 ignored.
`;

describe('parseReportMarkdown', () => {
  it('splits the four Markdown sections and keeps sub-headings inside their part', () => {
    const r = parseReportMarkdown(FULL);
    expect(r.hypothesis).toBe('The 2-opt pass stops early: it runs 300 iterations and the tour still has crossings.');
    expect(r.experiment).toContain('Runtime = 412 ms');
    expect(r.experiment).toContain('### Details\nMore lines of the experiment.');
    expect(r.verdict).toBe('Confirmed: 1.4× the length of the optimum on the large input.');
    // The next level-2 heading ends Direction: the appendix is no part.
    expect(r.direction).toBe('Use Or-opt moves and raise the budget to 12%.');
    expect(r.missing).toEqual([]);
  });

  it('takes the numbers of each part as claims with their units, never identifiers', () => {
    const r = parseReportMarkdown(FULL);
    const byPart = (p: string) => r.claims.filter((c) => c.part === p).map((c) => c.value);
    // "2-opt" is a number in the text (2); gen_7 and main.cpp are identifiers.
    expect(byPart('hypothesis')).toEqual(['2', '300']);
    expect(byPart('experiment')).toEqual(['2000 points', '412 ms', '37']);
    expect(byPart('verdict')).toEqual(['1.4×']);
    expect(byPart('direction')).toEqual(['12%']);
    expect(r.claims.every((c) => c.toolCallIdx === null)).toBe(true);
    expect(r.claims.find((c) => c.value === '412 ms')!.text).toBe('Runtime = 412 ms; 37 crossings remain.');
    expect(r.claims.some((c) => c.value === '999')).toBe(false);
  });

  it('reads bold and plain labels, numbered headings and plurals', () => {
    const md = [
      '**Hypothesis:** the cache misses dominate.',
      '**Experiments**: measured 8800 queries',
      'across 3 inputs.',
      '### 3. Verdict:',
      'Confirmed.',
      'Direction: batch adjacent cells.',
    ].join('\n');
    const r = parseReportMarkdown(md);
    expect(r.hypothesis).toBe('the cache misses dominate.');
    expect(r.experiment).toBe('measured 8800 queries\nacross 3 inputs.');
    expect(r.verdict).toBe('Confirmed.');
    expect(r.direction).toBe('batch adjacent cells.');
    expect(r.claims.map((c) => c.value)).toEqual(['8800', '3']);
  });

  it('names the parts a report lacks and invents none', () => {
    const r = parseReportMarkdown('## Hypothesis\nSlow on big inputs.\n\n## Verdict\n\n## Notes\nx', 'trigger_5/diagnostic_report.md');
    expect(r.hypothesis).toBe('Slow on big inputs.');
    expect(r.experiment).toBe('');
    expect(r.verdict).toBe('');
    expect(r.direction).toBe('');
    expect(r.missing).toEqual([
      'no Experiment section in trigger_5/diagnostic_report.md',
      'empty Verdict section in trigger_5/diagnostic_report.md',
      'no Direction section in trigger_5/diagnostic_report.md',
    ]);
  });

  it('a report without any part has four missing parts and no claims', () => {
    const r = parseReportMarkdown('The score is 68.1 and nothing else is said.');
    expect(r.missing).toHaveLength(4);
    expect(r.claims).toEqual([]);
  });

  it('ignores part words inside code fences and joins a part named twice', () => {
    const md = '## Hypothesis\nA\n```\n## Verdict inside code\n```\n## Hypothesis\nB';
    const r = parseReportMarkdown(md);
    expect(r.hypothesis).toBe('A\n```\n## Verdict inside code\n```\n\nB');
    expect(r.verdict).toBe('');
  });

  it('claimsOf splits sentences and keeps negative and grouped numbers', () => {
    expect(claimsOf('verdict', 'Score fell by -4.5 points. Query count = 8,800.').map((c) => [c.value, c.text])).toEqual([
      ['-4.5 points', 'Score fell by -4.5 points.'],
      ['8,800', 'Query count = 8,800.'],
    ]);
  });
});
