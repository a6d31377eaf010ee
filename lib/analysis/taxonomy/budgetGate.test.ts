import { describe, expect, it } from 'vitest';
import { budgetGate } from './budgetGate';

const zero = { done: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
const edit = (tokens: number, costUsd = 0, cached = false) => ({ cached, promptTokens: tokens - 10, completionTokens: 10, costUsd });

describe('budgetGate', () => {
  it('counts edits in flight against maxEdits, from what the batch already did', () => {
    const g = budgetGate({ maxEdits: 3 }, { ...zero, done: 1 });
    expect(g.mayStart()).toBe(true);
    g.started();
    expect(g.mayStart()).toBe(true);
    g.started();
    expect(g.mayStart()).toBe(false);
    g.abandoned();
    expect(g.mayStart()).toBe(true);
  });

  it('sends one edit at a time until the first answer gives a guess, then reserves the guess per edit in flight', () => {
    const g = budgetGate({ maxTokens: 1000 }, zero);
    g.started();
    expect(g.mayStart()).toBe(false); // no guess yet
    g.finished(edit(300));
    // 300 spent, guess 300: 600 and 900 fit, a third in flight would make 1200.
    g.started();
    expect(g.mayStart()).toBe(true);
    g.started();
    expect(g.mayStart()).toBe(false);
    g.finished(edit(200));
    g.finished(edit(250));
    expect(g.mayStart()).toBe(false); // 750 + 300 > 1000
    expect(g.describe()).toBe('750 of at most 1000 tokens');
  });

  it('caps cost, and cached answers give no guess', () => {
    const g = budgetGate({ maxCostUsd: 0.01 }, zero);
    g.started();
    g.finished(edit(100, 0, true));
    expect(g.mayStart()).toBe(true);
    g.started();
    g.finished(edit(100, 0.004));
    expect(g.mayStart()).toBe(true); // 0.004 + 0.004 <= 0.01
    g.started();
    expect(g.mayStart()).toBe(false); // 0.004 + 2 * 0.004 > 0.01
  });

  it('stops at once when the batch already spent the cap', () => {
    expect(budgetGate({ maxTokens: 100 }, { ...zero, promptTokens: 100 }).mayStart()).toBe(false);
    expect(budgetGate({}, { ...zero, done: 1e6 }).mayStart()).toBe(true);
  });
});
