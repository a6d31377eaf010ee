import { describe, expect, it } from 'vitest';
import { canonicalOrder } from './order';

describe('canonicalOrder', () => {
  it('orders by iteration, then timestamp, then id', () => {
    const out = canonicalOrder([
      { externalId: 'b', iteration: 2, timestamp: 5 },
      { externalId: 'a', iteration: 2, timestamp: 5 },
      { externalId: 'c', iteration: 1, timestamp: 9 },
      { externalId: 'd', iteration: 2, timestamp: 1 },
    ]);
    expect(out.map((o) => o.item.externalId)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('places migrants (whose iteration lies) by timestamp', () => {
    // Trusted programs: iteration 0 at t=0, 1 at t=10, 2 at t=20, 3 at t=30.
    // The migrant says iteration 0 but was created at t=25: after iteration 2's program.
    const out = canonicalOrder([
      { externalId: 'p0', iteration: 0, timestamp: 0 },
      { externalId: 'p1', iteration: 1, timestamp: 10 },
      { externalId: 'p2', iteration: 2, timestamp: 20 },
      { externalId: 'p3', iteration: 3, timestamp: 30 },
      { externalId: 'm', iteration: 0, timestamp: 25, isMigrant: true },
    ]);
    expect(out.map((o) => o.item.externalId)).toEqual(['p0', 'p1', 'p2', 'm', 'p3']);
    expect(out.find((o) => o.item.externalId === 'm')?.effectiveIteration).toBe(2);
  });

  it('puts programs without iteration last', () => {
    const out = canonicalOrder([{ externalId: 'x' }, { externalId: 'y', iteration: 3 }]);
    expect(out.map((o) => o.item.externalId)).toEqual(['y', 'x']);
  });
});
