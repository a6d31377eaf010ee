import { describe, expect, it } from 'vitest';
import { duplicateNotice } from './duplicateNoticeModel';

const run = (id: string, importedAt: string) => ({ id, name: 'QOS', importedAt, programs: 204, origin: 'archive qos.tar.gz' });

describe('duplicateNotice', () => {
  it('names the one stored run the upload repeats, with its date and source', () => {
    expect(duplicateNotice([run('1a2b3c4d-0000-4000-8000-000000000000', '2026-11-28T09:12:41.000Z')])).toEqual({
      lead: null,
      runs: [
        {
          id: '1a2b3c4d-0000-4000-8000-000000000000',
          href: '/runs/1a2b3c4d-0000-4000-8000-000000000000',
          text: 'This is run QOS (1a2b3c4d), imported on 2026-11-28 09:12 UTC from archive qos.tar.gz.',
        },
      ],
    });
  });

  it('lists several, and says so when they were deleted since', () => {
    const two = duplicateNotice([run('1a2b3c4d-0000-4000-8000-000000000000', '2026-11-28T09:12:41.000Z'), run('5e6f7a8b-0000-4000-8000-000000000000', '2026-11-28T10:00:00.000Z')]);
    expect(two.lead).toBe('Its programs are stored already, in 2 runs:');
    expect(two.runs.map((r) => r.text)).toEqual([
      'run QOS (1a2b3c4d), imported on 2026-11-28 09:12 UTC from archive qos.tar.gz',
      'run QOS (5e6f7a8b), imported on 2026-11-28 10:00 UTC from archive qos.tar.gz',
    ]);
    expect(duplicateNotice([])).toEqual({ lead: 'Its runs were stored already, and have been deleted since.', runs: [] });
  });
});
