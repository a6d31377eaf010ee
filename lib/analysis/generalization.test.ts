import { describe, expect, it } from 'vitest';
import { classifyChange, generalization, resolveThreshold, type ChainStepInput } from './generalization';

/** A chain from [recorded, publicRerun|null, private|null] triples. */
function chain(rows: [number, number | null, number | null][]): ChainStepInput[] {
  return rows.map(([recorded, pub, priv], i) => ({
    programId: `id${i}`,
    externalId: `p${i}`,
    iteration: i * 10,
    recordedScore: recorded,
    publicRerun: pub === null ? null : { score: pub, status: 'ok' },
    privateRerun: priv === null ? null : { score: priv, status: 'ok' },
  }));
}

describe('the run verdict (EvoReplay _classify, first vs last program of the chain)', () => {
  it('aligned: public and private both up', () => {
    const r = generalization(chain([[10, 10, 100], [20, 20, 150]]), true, 200);
    expect(r.verdict).toBe('aligned');
    expect(r.publicChange).toBe(10);
    expect(r.privateChange).toBe(50);
  });

  it('mild overfit: public up, private down by at most the threshold (exactly the threshold is still mild)', () => {
    expect(generalization(chain([[10, 10, 1000], [20, 20, 900]]), true, 200).verdict).toBe('overfit-mild');
    expect(generalization(chain([[10, 10, 1000], [20, 20, 800]]), true, 200).verdict).toBe('overfit-mild');
  });

  it('severe overfit: public up, private down by more than the threshold', () => {
    const r = generalization(chain([[10, 10, 1000], [20, 20, 799]]), true, 200);
    expect(r.verdict).toBe('overfit-severe');
    expect(r.threshold).toBe(200);
    // The same run under a looser threshold is only mild.
    expect(generalization(chain([[10, 10, 1000], [20, 20, 799]]), true, 500).verdict).toBe('overfit-mild');
  });

  it('other: public flat or down, or private unchanged', () => {
    expect(generalization(chain([[10, 10, 100], [20, 10, 50]]), true, 1).verdict).toBe('other'); // re-run public flat
    expect(generalization(chain([[10, 10, 100], [20, 9, 150]]), true, 1).verdict).toBe('other'); // public down
    expect(generalization(chain([[10, 10, 100], [20, 20, 100]]), true, 1).verdict).toBe('other'); // private unchanged
  });

  it('uses the middle steps for nothing but the per-step marks', () => {
    const r = generalization(chain([[1, 1, 10], [2, 2, 0], [3, 3, 20]]), true, 5);
    expect(r.verdict).toBe('aligned');
    expect(r.steps.map((s) => s.overfit)).toEqual([false, true, false]);
    expect(r.overfitSteps).toBe(1);
  });

  it('minimisation: a fall is a gain, for public, private and the threshold alike', () => {
    expect(generalization(chain([[100, 100, 50], [80, 80, 40]]), false, 5).verdict).toBe('aligned');
    expect(generalization(chain([[100, 100, 50], [80, 80, 54]]), false, 5).verdict).toBe('overfit-mild');
    expect(generalization(chain([[100, 100, 50], [80, 80, 56]]), false, 5).verdict).toBe('overfit-severe');
    expect(generalization(chain([[100, 100, 50], [120, 120, 40]]), false, 5).verdict).toBe('other');
    // Read as maximisation, the same numbers would be the opposite verdict.
    expect(generalization(chain([[100, 100, 50], [80, 80, 40]]), true, 5).verdict).toBe('other');
    const steps = generalization(chain([[100, 100, 50], [80, 80, 56]]), false, 5).steps;
    expect(steps[1]).toMatchObject({ dPublic: -20, dPrivate: 6, overfit: true });
  });
});

describe('public scores: the re-run, else the recorded one, said per step', () => {
  it('falls back to the recorded public score where no public re-run exists', () => {
    const r = generalization(chain([[10, null, 100], [20, 25, 150], [30, null, 140]]), true, 200);
    expect(r.steps.map((s) => [s.public, s.publicSource])).toEqual([
      [10, 'recorded'],
      [25, 'rerun'],
      [30, 'recorded'],
    ]);
    expect(r.recordedPublicSteps).toBe(2);
    expect(r.steps.map((s) => s.dPublic)).toEqual([null, 15, 5]);
  });

  it('a failed public re-run (no score) also falls back to the recorded score', () => {
    const c = chain([[10, null, 100], [20, null, 150]]);
    c[1].publicRerun = { score: null, status: 'timeout' };
    expect(generalization(c, true, 1).steps[1]).toMatchObject({ public: 20, publicSource: 'recorded' });
  });
});

describe('missing private scores', () => {
  it('is not scored when the first or last program has no private score, and says which and why', () => {
    const first = generalization(chain([[10, 10, null], [20, 20, 150]]), true, 200);
    expect(first.verdict).toBe('not-scored');
    expect(first.verdictReason).toContain('first program (p0');
    expect(first.verdictReason).toContain('not re-scored');
    expect(first.publicChange).toBeNull();
    const c = chain([[10, 10, 100], [20, 20, null]]);
    c[1].privateRerun = { score: null, status: 'timeout' };
    const last = generalization(c, true, 200);
    expect(last.verdict).toBe('not-scored');
    expect(last.verdictReason).toContain('last program (p1');
    expect(last.verdictReason).toContain('timeout');
    expect(last.steps[1].privateMissing).toBe('private re-run failed (timeout)');
  });

  it('is not scored for a chain of fewer than two programs', () => {
    expect(generalization(chain([[10, 10, 100]]), true, 1).verdict).toBe('not-scored');
    expect(generalization([], true, 1).verdict).toBe('not-scored');
  });

  it('a middle step without a private score is skipped: the next change is taken from the nearest earlier value', () => {
    const r = generalization(chain([[1, 1, 10], [2, 2, null], [3, 3, 4]]), true, 100);
    expect(r.steps.map((s) => s.dPrivate)).toEqual([null, null, -6]);
    expect(r.steps.map((s) => s.overfit)).toEqual([false, false, true]);
    expect(r.privateScoredSteps).toBe(2);
    expect(r.verdict).toBe('overfit-mild');
  });
});

describe('classifyChange and the threshold', () => {
  it('classifies gains exactly as EvoReplay (strict comparisons)', () => {
    expect(classifyChange(1, -201, 200)).toBe('overfit-severe');
    expect(classifyChange(1, -200, 200)).toBe('overfit-mild');
    expect(classifyChange(1, 0, 200)).toBe('other');
    expect(classifyChange(0, 5, 200)).toBe('other');
    expect(classifyChange(-1, -500, 200)).toBe('other');
  });

  it('resolves the run override, then the global absolute setting, then a share of the first private score', () => {
    expect(resolveThreshold(7, { absolute: 3, relative: 0.05 }, 1000)).toMatchObject({ value: 7, source: 'run' });
    expect(resolveThreshold(null, { absolute: 3, relative: 0.05 }, 1000)).toMatchObject({ value: 3, source: 'global' });
    expect(resolveThreshold(null, { absolute: null, relative: 0.05 }, -1000)).toMatchObject({ value: 50, source: 'relative' });
    expect(resolveThreshold(null, { absolute: null, relative: 0.05 }, -1000).description).toContain('5 %');
  });

  it('is not applicable (null, saying why), not 0, when the relative default has no first private score to take a share of', () => {
    const t = resolveThreshold(null, { absolute: null, relative: 0.05 }, null);
    expect(t.value).toBeNull();
    expect(t.description).toMatch(/^not applicable: .*5 % of the first program's private score.*no private score yet/);
    // A run or global threshold needs no private score.
    expect(resolveThreshold(null, { absolute: 3, relative: 0.05 }, null).value).toBe(3);
    expect(resolveThreshold(2, { absolute: null, relative: 0.05 }, null).value).toBe(2);
    // Without the first private score there is no verdict, so no threshold is needed.
    const chain: ChainStepInput[] = [
      { programId: 'a', externalId: 'a', iteration: 0, recordedScore: 1, publicRerun: null, privateRerun: null },
      { programId: 'b', externalId: 'b', iteration: 1, recordedScore: 2, publicRerun: null, privateRerun: { score: 5, status: 'ok' } },
    ];
    expect(generalization(chain, true, t.value)).toMatchObject({ verdict: 'not-scored', threshold: null });
  });
});
