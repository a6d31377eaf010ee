import { describe, expect, it } from 'vitest';
import type { EditRow } from '@/lib/contracts/api/analyses';
import { csvField, editsCsv, nextEditSort, sortEdits } from './editsTableModel';

const row = (childId: string, iteration: number, recycledAdded: number, bucket: EditRow['bucket']): EditRow => ({
  parentId: 'p',
  childId,
  iteration,
  added: 10,
  recycledAdded,
  removed: 3,
  recycledRemoved: 1,
  bucket,
});

describe('edits table', () => {
  const rows = [row('c', 3, 2, 'mixed'), row('a', 1, 5, null), row('b', 2, 2, 'pure_tuning')];

  it('sorts numbers and text, stably, with nulls last in both directions', () => {
    expect(sortEdits(rows, { key: 'recycledAdded', dir: 'desc' }).map((r) => r.childId)).toEqual(['a', 'c', 'b']);
    expect(sortEdits(rows, { key: 'recycledAdded', dir: 'asc' }).map((r) => r.childId)).toEqual(['c', 'b', 'a']);
    expect(sortEdits(rows, { key: 'childId', dir: 'asc' }).map((r) => r.childId)).toEqual(['a', 'b', 'c']);
    expect(sortEdits(rows, { key: 'bucket', dir: 'asc' }).map((r) => r.bucket)).toEqual(['mixed', 'pure_tuning', null]);
    expect(sortEdits(rows, { key: 'bucket', dir: 'desc' }).map((r) => r.bucket)).toEqual(['pure_tuning', 'mixed', null]);
    expect(sortEdits(rows, null)).toEqual(rows);
  });

  it('flips the active column and starts numbers descending', () => {
    expect(nextEditSort(null, 'added')).toEqual({ key: 'added', dir: 'desc' });
    expect(nextEditSort(null, 'childId')).toEqual({ key: 'childId', dir: 'asc' });
    expect(nextEditSort({ key: 'added', dir: 'desc' }, 'added')).toEqual({ key: 'added', dir: 'asc' });
  });

  it('writes RFC 4180 CSV with a header, quoting and formula-like ids defused', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=cmd()')).toBe("'=cmd()");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    const csv = editsCsv([row('x,y', 4, 1, null)]);
    expect(csv).toBe('parent,child,iteration,added,recycled_added,removed,recycled_removed,bucket\r\np,"x,y",4,10,1,3,1,\r\n');
  });
});
