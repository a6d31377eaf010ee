import { describe, expect, it } from 'vitest';
import { analysesProgressSchema, failureText, pollInterval, progressText, statusLine, stepPercent } from './analysesProgress';

describe('progressText', () => {
  it('names finished steps first, then running ones with their percent', () => {
    expect(
      progressText({
        loading: { state: 'done' },
        complexity: { state: 'running', done: 40_000, total: 100_000 },
        cycling: { state: 'done', done: 6, total: 6 },
      }),
    ).toBe('analyses: reading the run done, cycling done, complexity 40 %');
  });

  it('names a running step without counts by its name alone, and an empty record as starting', () => {
    expect(progressText({ storing: { state: 'running' } })).toBe('analyses: storing');
    expect(progressText({})).toBe('analyses: starting');
  });

  it('never rounds up to 100 % before the last unit', () => {
    expect(stepPercent({ state: 'running', done: 999, total: 1000 })).toBe(99);
    expect(stepPercent({ state: 'running', done: 0, total: 0 })).toBe(100);
    expect(stepPercent({ state: 'running' })).toBeNull();
  });

  it('parses what the worker stores and refuses unknown steps', () => {
    expect(analysesProgressSchema.safeParse({ cycling: { state: 'running', done: 2, total: 6 } }).success).toBe(true);
    expect(analysesProgressSchema.safeParse({ compiling: { state: 'running' } }).success).toBe(false);
  });
});

describe('pollInterval', () => {
  it('polls while a job runs or is due, and stops once the reports are current', () => {
    const running = { steps: {}, text: 'analyses: starting', startedAt: '2026-11-25T06:00:00.000Z' };
    expect(pollInterval({ running, pending: true })).toBe(1500);
    expect(pollInterval({ running: null, pending: true })).toBe(4000);
    expect(pollInterval({ running: null, pending: false })).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});

describe('a job that failed for good', () => {
  it('keeps the first line of the error, without host paths or an Error: prefix, and short', () => {
    expect(failureText('Error: could not read /work/app/lib/services/analyses/runAnalyses.ts:120:7 (blob missing)\n    at load (/srv/x.js:1:2)')).toBe(
      'could not read runAnalyses.ts:120:7 (blob missing)',
    );
    expect(failureText('TypeError: ' + 'x'.repeat(300)).length).toBeLessThanOrEqual(120);
    expect(failureText(null)).toBe('unknown error');
  });

  it('is said on the line instead of "queued", and polled slowly', () => {
    const failed = { running: null, pending: true, failed: { error: 'out of memory', at: '2026-11-25T08:00:00.000Z' } };
    expect(statusLine(failed)).toBe('analyses: failed (out of memory)');
    expect(statusLine({ running: null, pending: true })).toBe('analyses: queued');
    expect(statusLine({ running: { steps: {}, text: 'analyses: starting', startedAt: '' }, pending: true })).toBe('analyses: starting');
    expect(statusLine({ running: null, pending: false })).toBeNull();
    expect(pollInterval(failed)).toBe(15_000);
  });
});
