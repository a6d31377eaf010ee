import { describe, expect, it } from 'vitest';
import { importProgressView } from './importProgressModel';

const job = { status: 'running' as const, phase: 'reading', filesRead: 12, programsStored: 0, programsTotal: null, filesReceived: 3 };

describe('importProgressView', () => {
  it('counts files while reading', () => {
    expect(importProgressView(job)).toEqual({ text: 'Reading files…', bar: { label: 'Files read: 12', value: 12, max: null } });
  });

  it('counts programs while storing', () => {
    const v = importProgressView({ ...job, phase: 'storing', programsStored: 50, programsTotal: 204 });
    expect(v.bar).toEqual({ label: 'Programs stored: 50 / 204', value: 50, max: 204 });
  });

  it('shows every program stored once done, never a stale "Files read: 0"', () => {
    // The worker writes "done" before the job's status; reading progress may never have been written.
    const v = importProgressView({ ...job, phase: 'done', filesRead: 0, programsStored: 180, programsTotal: 204 });
    expect(v.text).toBe('Done…');
    expect(v.bar).toEqual({ label: 'Programs stored: 204 / 204', value: 204, max: 204 });
  });

  it('phases without a counter show a moving bar with the phase as its label', () => {
    for (const [phase, label] of [['extracting', 'Unpacking the archive'], ['starting', 'Starting'], [null, 'Waiting for the worker']] as const) {
      const v = importProgressView({ ...job, status: phase ? 'running' : 'queued', phase, filesRead: 0 });
      expect(v.bar).toEqual({ label, value: 0, max: null });
      expect(v.bar.label).not.toMatch(/Files read/);
    }
  });

  it('passes the worker\'s own words through', () => {
    expect(importProgressView({ ...job, phase: 'retrying after: connection refused' }).text).toBe('retrying after: connection refused…');
  });
});
