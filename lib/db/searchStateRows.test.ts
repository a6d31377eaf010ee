import { describe, expect, it } from 'vitest';
import { searchStateSchema } from '../trace/searchState';
import { byMoment, compareMoments, searchStateRows } from './searchStateRows';

describe('search state rows', () => {
  it('orders by iteration, then timestamp, then stored, absent clocks last, ties in arrival order', () => {
    const items = [
      { n: 'a', at: { timestamp: 5 } },
      { n: 'b', at: { iteration: 2 } },
      { n: 'c', at: { iteration: 1, timestamp: 9 } },
      { n: 'd', at: { iteration: 1, timestamp: 3 } },
      { n: 'e', at: { iteration: 2 } },
      { n: 'f', at: { stored: 1 } },
      { n: 'g', at: { timestamp: 5, stored: 0 } },
    ];
    expect(byMoment(items, (x) => x.at).map((x) => x.n)).toEqual(['d', 'c', 'b', 'e', 'g', 'a', 'f']);
    expect(compareMoments({ iteration: 3 }, { iteration: 3 })).toBe(0);
  });

  it('numbers rows from a base and maps events to island / other island', () => {
    const s = searchStateSchema.parse({
      events: [
        { kind: 'migration', at: { iteration: 4 }, fromIsland: 1, toIsland: 0, program: 'x', source: 'y' },
        { kind: 'reset', at: { iteration: 2 }, island: 3, donorIsland: 5, program: 'z' },
      ],
      counters: [{ at: { iteration: 9 }, values: { cumulative_cost: 0.5 } }],
    });
    const rows = searchStateRows('run', s, { snapshots: 0, events: 7, counters: 2 });
    expect(rows.events).toEqual([
      ['run', 7, 'reset', 2, null, null, 3, 5, 'z', null],
      ['run', 8, 'migration', 4, null, null, 0, 1, 'x', 'y'],
    ]);
    expect(rows.counters).toEqual([['run', 2, 9, null, null, '{"cumulative_cost":0.5}']]);
  });
});
