import { describe, expect, it } from 'vitest';
import { evidenceDecorations, firstEvidenceLine, lineRanges } from './evidenceModel';

const evidence = {
  hyperparameter_tuning: { added: [12, 4], removed: [4] },
  bug_fix: { added: [4, 20], removed: [] },
  pruning: { added: [], removed: [30, 31, 32] },
};

describe('evidence on the diff page', () => {
  it('marks every child line that drove a label once, naming all its labels', () => {
    const d = evidenceDecorations(evidence, null);
    expect(d.map((x) => x.line)).toEqual([4, 12, 20]);
    expect(d[0].hover).toBe('Evidence for **Hyperparameter tuning**, **Bug fix**');
    expect(d[0].className).toBe('evidence-line');
  });
  it('marks only the selected label', () => {
    expect(evidenceDecorations(evidence, 'bug_fix').map((x) => [x.line, x.hover])).toEqual([
      [4, 'Evidence for **Bug fix**'],
      [20, 'Evidence for **Bug fix**'],
    ]);
    expect(evidenceDecorations(evidence, 'pruning')).toEqual([]);
    expect(evidenceDecorations(evidence, 'refactor')).toEqual([]);
  });
  it('writes line ranges compactly', () => {
    expect(lineRanges([9, 3, 7, 8, 12, 8])).toBe('3, 7–9, 12');
    expect(lineRanges([])).toBe('');
  });
  it('finds the first marked line', () => {
    expect(firstEvidenceLine(evidence, null)).toBe(4);
    expect(firstEvidenceLine(evidence, 'pruning')).toBeNull();
  });
});
