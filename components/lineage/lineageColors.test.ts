import { describe, expect, it } from 'vitest';
import { LABEL_COLOURS } from '../taxonomy/labelColours';
import { dimmed, nodeColors, PALETTE, type ColorInput } from './lineageColors';

const input: ColorInput = {
  count: 5,
  nodeCount: 6,
  score: [0, 1, 2, null, null],
  valid: [true, true, true, false, true],
  island: [0, 1, 0, 1, null],
  iteration: [0, 1, 2, 3, 4],
  higherIsBetter: true,
  scoreMetric: 'combined_score',
  recycledShare: [null, 0, 1, null, 0.5],
};

describe('nodeColors', () => {
  it('colours scores on a sequential ramp, invalid and unscored programs apart, ghosts grey', () => {
    const { colors, legend } = nodeColors(input, 'score');
    expect(colors[3]).toBe(PALETTE.invalid);
    expect(colors[4]).toBe(PALETTE.missing);
    expect(colors[5]).toBe(PALETTE.ghost);
    expect(new Set(colors.slice(0, 3)).size).toBe(3);
    expect(legend.map((l) => l.label)).toEqual([
      'combined_score (higher is better)',
      'invalid (1)',
      'valid, no score (1)',
      'parent not in archive (1)',
    ]);
  });

  it('puts the better end of the ramp on the best score whatever the direction', () => {
    const up = nodeColors(input, 'score').colors;
    const down = nodeColors({ ...input, higherIsBetter: false }, 'score').colors;
    expect(down[0]).toBe(up[2]);
    expect(down[2]).toBe(up[0]);
  });

  it('colours islands categorically and iterations and recycled shares on ramps', () => {
    const islands = nodeColors(input, 'island').colors;
    expect(islands[0]).toBe(islands[2]);
    expect(islands[0]).not.toBe(islands[1]);
    expect(islands[4]).toBe(PALETTE.missing);
    const iterations = nodeColors(input, 'iteration').colors;
    expect(new Set(iterations.slice(0, 5)).size).toBe(5);
    const recycled = nodeColors(input, 'recycled');
    expect(recycled.colors[0]).toBe(PALETTE.missing);
    expect(recycled.colors[1]).not.toBe(recycled.colors[2]);
    const none = nodeColors({ ...input, recycledShare: null }, 'recycled');
    expect(none.colors.slice(0, 5).every((c) => c === PALETTE.missing)).toBe(true);
    expect(none.legend[0]).toMatchObject({ note: 'not computed yet' });
  });

  it('dims a colour towards white, keeping it opaque', () => {
    expect(dimmed('#ff0000')).toBe('#ffc7c7');
    expect(dimmed('#000000')).toBe('#c7c7c7');
  });
});

describe('nodeColors by any metric', () => {
  const metric = { name: 'eval_time', values: [3, null, 1, 2, null] };
  it('puts every program with a value on a low-to-high ramp, invalid ones included', () => {
    const { colors, legend } = nodeColors({ ...input, metric }, 'metric');
    expect(colors[1]).toBe(PALETTE.missing);
    expect(colors[4]).toBe(PALETTE.missing);
    expect(colors[5]).toBe(PALETTE.ghost);
    expect(colors[3]).not.toBe(PALETTE.invalid);
    expect(new Set([colors[0], colors[2], colors[3]]).size).toBe(3);
    expect(legend[0]).toMatchObject({ kind: 'ramp', label: 'eval_time (metric)', from: '1', to: '3' });
    expect(legend.map((l) => l.label)).toContain('no value (2)');
  });
  it('says so while the values load', () => {
    const { colors, legend } = nodeColors({ ...input, metric: { name: 'eval_time', values: null } }, 'metric');
    expect(colors.slice(0, 5).every((c) => c === PALETTE.missing)).toBe(true);
    expect(legend[0]).toMatchObject({ label: 'eval_time (metric)', note: 'loading' });
  });
});

describe('colour by edit label', () => {
  it('paints edits carrying the label in its colour, other judged edits pale, the rest grey, and counts them', () => {
    const { colors, legend } = nodeColors({ ...input, label: { name: 'bug_fix', judge: 'offline@2', has: [null, true, false, true, null] } }, 'label');
    expect(colors[1]).toBe(LABEL_COLOURS.bug_fix);
    expect(colors[3]).toBe(LABEL_COLOURS.bug_fix);
    expect(colors[2]).toBe(PALETTE.otherLabel);
    expect(colors[0]).toBe(PALETTE.missing);
    expect(colors[5]).toBe(PALETTE.ghost);
    expect(legend.map((l) => l.label)).toEqual(['edit labelled Bug fix (2)', 'other labels (1)', 'not judged or no parent (2)', 'parent not in archive (1)']);
  });
  it('says so while the labels load', () => {
    const { colors, legend } = nodeColors({ ...input, label: { name: 'pruning', judge: 'offline@2', has: null } }, 'label');
    expect(colors.slice(0, 5).every((c) => c === PALETTE.missing)).toBe(true);
    expect(legend[0].label).toBe('edit labelled Pruning (loading)');
  });
});
