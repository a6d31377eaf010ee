import { describe, expect, it } from 'vitest';
import type { DbProgram } from './clusters';
import { islandSnapshot } from './snapshot';

// Two clusters: scores 0.5 (programs of 10 and 20 characters) and 0.7 (one of 40).
const programs: DbProgram[] = [
  { id: 'a', scoresPerTest: { t: 0.5 }, length: 10 },
  { id: 'b', scoresPerTest: { t: 0.7 }, length: 40 },
  { id: 'c', scoresPerTest: { t: 0.5 }, length: 20 },
];

describe('islandSnapshot: one island at one moment', () => {
  it('shows different probabilities at two moments of the schedule, worked by hand', () => {
    // Schedule init 0.1, period 4. With the 3 programs stored: T(3) = 0.1 * (1 - 3/4) = 0.025;
    // scores / T = [20, 28] -> [e^-8, 1] / (1 + e^-8); e^-8 = 3.354626e-4 -> [3.353501e-4, 0.999664650].
    const late = islandSnapshot(programs, { init: 0.1, period: 4 });
    expect(late.n).toBe(3);
    expect(late.schedule.temperature).toBeCloseTo(0.025, 15);
    expect(late.clusters.map((c) => [c.score, c.size])).toEqual([
      [0.5, 2],
      [0.7, 1],
    ]);
    expect(late.clusters[0].probability).toBeCloseTo(3.353501e-4, 10);
    expect(late.clusters[1].probability).toBeCloseTo(0.99966465, 8);
    // A source that counted 4 registrations (say one was later dropped): T(4) = 0.1 again:
    // [e^-2, 1] / (1 + e^-2) = [0.119202922, 0.880797078].
    const reset = islandSnapshot(programs, { init: 0.1, period: 4 }, { storedCount: 4 });
    expect(reset.schedule).toMatchObject({ temperature: 0.1, cycle: 1, position: 0 });
    expect(reset.clusters[0].probability).toBeCloseTo(0.119202922, 9);
    // Within the 0.5 cluster, lengths [10, 20]: normalised [0, 10 / 10.000001 = 0.9999999]:
    // softmax(-x) = [1, e^-1] / (1 + e^-1) = [0.731059, 0.268941].
    expect(late.clusters[0].programs.map((p) => p.id)).toEqual(['a', 'c']);
    expect(late.clusters[0].programs[0].probability).toBeCloseTo(0.731059, 6);
    expect(late.clusters[0].programs[1].probability).toBeCloseTo(0.268941, 6);
    expect(late.clusters[1].programs[0].probability).toBe(1);
  });

  it('says when the next prompt would be skipped or short of clusters, and when the softmax fell back', () => {
    const empty = islandSnapshot([], { init: 0.1, period: 30_000 });
    expect(empty).toMatchObject({ n: 0, clusters: [], promptSkipped: true, fewerClustersThanNeeded: false });

    // At T(3) = 0.025 the 0.5 cluster has 3.4e-4 > 1e-6: both eligible, enough for 2.
    expect(islandSnapshot(programs, { init: 0.1, period: 4 }).fewerClustersThanNeeded).toBe(false);
    // With 3 examples asked for, 2 clusters are not enough.
    expect(islandSnapshot(programs, { init: 0.1, period: 4 }, { functionsPerPrompt: 3 }).fewerClustersThanNeeded).toBe(true);
    // Far apart: 0.5 vs 16 at T = 0.1 -> e^-155 <= 1e-6: one eligible cluster.
    const apart = islandSnapshot([{ id: 'x', scoresPerTest: { t: 0.5 }, length: 1 }, { id: 'y', scoresPerTest: { t: 16 }, length: 1 }], { init: 0.1, period: 30_000 });
    expect(apart.clusters.map((c) => c.eligible)).toEqual([false, true]);
    expect(apart.fewerClustersThanNeeded).toBe(true);

    const broken = islandSnapshot([{ id: 'z', scoresPerTest: { t: Number.NaN }, length: 1 }, ...programs], { init: 0.1, period: 30_000 });
    expect(broken).toMatchObject({ fallback: 'uniform', fallbackReason: 'non-finite value(s): NaN' });
    expect(broken.clusters.map((c) => c.probability)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });
});
