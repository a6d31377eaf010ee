import { describe, expect, it } from 'vitest';
import { rescoreState } from './rescoreState';

const evaluator = { id: 'e', version: 2, privateFiles: 3 };
const batch = (id: string, status: string, createdAt = '2026-11-28T00:00:00Z') => ({ id, status, total: 6, done: 1, failed: 0, error: null, testSets: ['public', 'private'], createdAt });
const mine = { id: 'mine', createdAt: '2026-11-28T00:00:00Z' };

describe('rescoreState', () => {
  it('after starting one: says it is yours and shows its progress, never "already running"', () => {
    // Just started: the page's data still shows no batch (or an older one).
    for (const old of [null, batch('old', 'done', '2026-11-27T23:00:00Z')]) {
      const s = rescoreState({ evaluator, batch: old }, mine);
      expect(s.blocked).toBe('Your re-scoring is starting.');
      expect(s.note).toMatch(/^Your re-scoring is queued/);
      expect(s).toMatchObject({ own: false, pending: true });
    }
    for (const status of ['queued', 'running']) {
      const s = rescoreState({ evaluator, batch: batch('mine', status) }, mine);
      expect(s.own).toBe(true);
      expect(s.blocked).toBe('Your re-scoring is running: its progress is below.');
      expect(`${s.blocked} ${s.note}`).not.toMatch(/already running/);
    }
    // Finished: the button is free again, the batch still marked as yours.
    expect(rescoreState({ evaluator, batch: batch('mine', 'done') }, mine)).toEqual({ blocked: null, note: 'Your re-scoring, started on this page.', own: true, pending: false });
  });

  it('a batch started elsewhere blocks the button and says so', () => {
    const s = rescoreState({ evaluator, batch: batch('theirs', 'running') }, null);
    expect(s).toMatchObject({ own: false, note: 'Started elsewhere.' });
    expect(s.blocked).toMatch(/started elsewhere .* is running/);
    expect(rescoreState({ evaluator, batch: batch('theirs', 'done') }, null)).toEqual({ blocked: null, note: null, own: false, pending: false });
    // Started elsewhere after ours: theirs, not "yours is starting".
    expect(rescoreState({ evaluator, batch: batch('theirs', 'running', '2026-11-28T01:00:00Z') }, mine)).toMatchObject({ own: false, note: 'Started elsewhere.' });
  });

  it('without an evaluator or a private test set: blocked, saying how to fix it', () => {
    expect(rescoreState({ evaluator: null, batch: null }, null).blocked).toMatch(/^No evaluator is attached/);
    expect(rescoreState({ evaluator: { ...evaluator, privateFiles: 0 }, batch: null }, null).blocked).toMatch(/has no private test set/);
  });
});
