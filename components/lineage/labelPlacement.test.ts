import { describe, expect, it } from 'vitest';
import { LabelPlacer, overlaps } from './labelPlacement';

// 6 px per character, 14 px lines, a 300 x 200 canvas.
const placer = () => new LabelPlacer(300, 200, 14, (t) => t.length * 6);
const inside = (b: { x: number; y: number; width: number; height: number }) => b.x >= 0 && b.y >= 0 && b.x + b.width <= 300 && b.y + b.height <= 200;

describe('LabelPlacer', () => {
  it('puts a label right of its node when it fits', () => {
    const b = placer().place({ text: 'lost-parent', nodeX: 50, nodeY: 100, nodeSize: 5 })!;
    expect(b).toEqual({ text: 'lost-parent', x: 58, y: 93, width: 66, height: 14 });
  });

  it('moves a label left of a node near the right edge instead of cutting it', () => {
    const b = placer().place({ text: 'lost-parent', nodeX: 280, nodeY: 100, nodeSize: 5 })!;
    expect(b.text).toBe('lost-parent');
    expect(b.x + b.width).toBe(272);
    expect(inside(b)).toBe(true);
  });

  it('shortens a label that fits on neither side, and keeps it inside the canvas vertically', () => {
    const text = 'a-parent-missing-from-the-archive-0 · not in archive';
    const b = placer().place({ text, nodeX: 150, nodeY: 2, nodeSize: 5 })!;
    expect(b.text.endsWith('…')).toBe(true);
    expect(text.startsWith(b.text.slice(0, -1))).toBe(true);
    expect(inside(b)).toBe(true);
  });

  it('leaves out a label that would cover one already placed', () => {
    const p = placer();
    const first = p.place({ text: 'lost-parent-1', nodeX: 40, nodeY: 100, nodeSize: 5 });
    const second = p.place({ text: 'lost-parent-2', nodeX: 60, nodeY: 104, nodeSize: 5 });
    const third = p.place({ text: 'lost-parent-3', nodeX: 40, nodeY: 130, nodeSize: 5 });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(third).not.toBeNull();
    expect(p.placed()).toHaveLength(2);
    expect(overlaps(p.placed()[0], p.placed()[1])).toBe(false);
  });

  it('a priority label (the selected node) wins its place, and a key gets the same answer twice', () => {
    const p = placer();
    p.place({ text: 'lost-parent-1', nodeX: 40, nodeY: 100, nodeSize: 5 }, 'a');
    const sel = p.place({ text: 'selected', nodeX: 60, nodeY: 104, nodeSize: 5, priority: true }, 'b');
    expect(sel).not.toBeNull();
    expect(p.placed().map((b) => b.text)).toEqual(['selected']);
    expect(p.place({ text: 'whatever', nodeX: 0, nodeY: 0, nodeSize: 1 }, 'b')).toBe(sel);
  });

  it('leaves out a label with no room at all', () => {
    expect(new LabelPlacer(30, 200, 14, (t) => t.length * 6).place({ text: 'lost-parent', nodeX: 15, nodeY: 50, nodeSize: 5 })).toBeNull();
  });
});

describe('LabelPlacer with labelled nodes to avoid', () => {
  it('shortens a label up to the next labelled node, and never covers one', () => {
    const p = placer();
    for (const x of [40, 140, 240]) p.avoidNode(x, 100, 5);
    const text = 'a-parent-missing-from-the-archive-0';
    const b = p.place({ text, nodeX: 40, nodeY: 100, nodeSize: 5 })!;
    expect(b.text.endsWith('…')).toBe(true);
    expect(b.x + b.width).toBeLessThanOrEqual(140 - 5 - 3);
    // The next one is shortened as well, and they do not touch.
    const c = p.place({ text, nodeX: 140, nodeY: 100, nodeSize: 5 })!;
    expect(c.x).toBeGreaterThan(b.x + b.width);
    expect(c.x + c.width).toBeLessThanOrEqual(240 - 5 - 3);
  });
});

describe('LabelPlacer side', () => {
  it('keeps a shortened label on the right while the right has room enough, rather than crossing to the left', () => {
    const p = placer();
    p.avoidNode(250, 100, 5);
    // 90 px on the right, 137 on the left: still the right.
    const b = p.place({ text: 'a-parent-missing-from-the-archive-0', nodeX: 148, nodeY: 100, nodeSize: 5 })!;
    expect(b.x).toBeGreaterThan(148);
  });
});
