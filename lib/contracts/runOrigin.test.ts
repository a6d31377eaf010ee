import { describe, expect, it } from 'vitest';
import { distinguishedName, importDateLabel, runLabels, runOrigin, shortRunId } from './runOrigin';

describe('telling runs of one name apart', () => {
  it('shortens a uuid to its first 8 hex digits', () => {
    expect(shortRunId('1a2b3c4d-0000-4000-8000-000000000000')).toBe('1a2b3c4d');
  });

  it('says where a run came from in a few words', () => {
    expect(runOrigin({ importKind: 'archive', importSource: 'qos.zip', sourceKind: 'directory' })).toBe('archive qos.zip');
    expect(runOrigin({ importKind: 'folder', importSource: 'QOS', sourceKind: 'directory' })).toBe('folder QOS');
    expect(runOrigin({ importKind: 'path', importSource: 'QOS', sourceKind: 'file' })).toBe('command line QOS');
    expect(runOrigin({ importKind: null, importSource: null, sourceKind: 'http' })).toBe('live ingestion');
    // Demo runs are stored through the same writer (a 'path' job): what they are matters more.
    expect(runOrigin({ importKind: 'path', importSource: 'Demo', sourceKind: 'demo' })).toBe('demo data');
    expect(runOrigin({ importKind: null, importSource: null, sourceKind: 'directory' })).toBe('directory');
  });

  it('labels only the runs whose name another run shares', () => {
    const runs = [
      { id: '1a2b3c4d-0000-4000-8000-000000000000', name: 'QOS', importedAt: '2026-11-28T09:12:41.000Z', origin: 'archive qos.zip' },
      { id: '5e6f7a8b-0000-4000-8000-000000000000', name: 'QOS', importedAt: '2026-11-28T09:15:02.000Z', origin: 'archive qos.zip' },
      { id: '9c0d1e2f-0000-4000-8000-000000000000', name: 'Other', importedAt: '2026-11-28T09:20:00.000Z', origin: 'folder other' },
    ];
    const labels = runLabels(runs);
    expect(labels.get(runs[0].id)).toBe('QOS · 2026-11-28 09:12 UTC · archive qos.zip · 1a2b3c4d');
    expect(labels.get(runs[1].id)).toBe('QOS · 2026-11-28 09:15 UTC · archive qos.zip · 5e6f7a8b');
    expect(labels.get(runs[2].id)).toBe('Other');
    expect(distinguishedName(runs[2])).toBe('Other · 2026-11-28 09:20 UTC · folder other · 9c0d1e2f');
    expect(importDateLabel('2026-01-02T03:04:05.000Z')).toBe('2026-01-02 03:04 UTC');
  });
});
