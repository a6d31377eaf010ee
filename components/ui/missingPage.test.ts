import { describe, expect, it } from 'vitest';
import { describeMissing } from './missingPage';

describe('describeMissing', () => {
  it('names a page that does not exist by its path', () => {
    expect(describeMissing('/nonexistent')).toEqual({ title: 'Page not found', detail: 'Evoscope has no page at /nonexistent.' });
  });
  it('names the run id of a missing run, whatever view was asked for', () => {
    expect(describeMissing('/runs/abc/lineage').detail).toBe('No run has the id abc: it may have been deleted, or the link is mistyped.');
    expect(describeMissing('/runs/abc').title).toBe('Run not found');
  });
  it('names the program and its run for a missing program', () => {
    expect(describeMissing('/runs/r1/programs/p%201/diff')).toEqual({
      title: 'Program not found',
      detail: 'Run r1 has no program with the id p 1 (or the run itself is gone).',
    });
  });
  it('shortens very long ids and survives malformed escapes', () => {
    expect(describeMissing(`/runs/${'x'.repeat(100)}`).detail).toContain(`${'x'.repeat(40)}…`);
    expect(describeMissing('/runs/%E0%A4%A').title).toBe('Run not found');
  });
  it('names review sessions, share links and invitations', () => {
    expect(describeMissing('/review/s9').detail).toBe('No review session has the id s9.');
    expect(describeMissing('/share/zzz').title).toBe('Share link not found');
    expect(describeMissing('/invite/t').title).toBe('Invitation not found');
  });
});
