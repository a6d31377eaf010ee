import { describe, expect, it } from 'vitest';
import { ariaSort, navTarget, nextSort, sortRows, type SortableColumn } from './tableModel';

interface Row {
  name: string;
  score: number | null;
  ok: boolean;
}
const rows: Row[] = [
  { name: 'b', score: 2, ok: true },
  { name: 'a', score: null, ok: false },
  { name: 'c', score: 1, ok: true },
  { name: 'd', score: 2, ok: false },
];
const columns: SortableColumn<Row>[] = [
  { key: 'name', sortValue: (r) => r.name },
  { key: 'score', sortValue: (r) => r.score },
  { key: 'ok', sortValue: (r) => r.ok },
  { key: 'len', compare: (a, b) => a.name.length - b.name.length },
  { key: 'plain' },
];
const names = (rs: Row[]) => rs.map((r) => r.name).join('');

describe('sortRows', () => {
  it('sorts text and numbers both ways', () => {
    expect(names(sortRows(rows, { key: 'name', dir: 'asc' }, columns))).toBe('abcd');
    expect(names(sortRows(rows, { key: 'name', dir: 'desc' }, columns))).toBe('dcba');
    expect(names(sortRows(rows, { key: 'score', dir: 'asc' }, columns))).toBe('cbda');
  });

  it('puts missing values last in both directions, and keeps ties in the given order', () => {
    expect(names(sortRows(rows, { key: 'score', dir: 'desc' }, columns))).toBe('bdca');
    expect(names(sortRows(rows, { key: 'ok', dir: 'asc' }, columns))).toBe('adbc');
  });

  it('uses a compare function, ties in the given order', () => {
    expect(names(sortRows(rows, { key: 'len', dir: 'desc' }, columns))).toBe('bacd');
  });

  it('leaves the order alone without a sort or for a column that cannot sort', () => {
    expect(names(sortRows(rows, null, columns))).toBe('bacd');
    expect(names(sortRows(rows, { key: 'plain', dir: 'asc' }, columns))).toBe('bacd');
    expect(names(sortRows(rows, { key: 'gone', dir: 'asc' }, columns))).toBe('bacd');
  });

  it('does not change the rows it was given', () => {
    const given = [...rows];
    sortRows(given, { key: 'name', dir: 'asc' }, columns);
    expect(given).toEqual(rows);
  });
});

describe('nextSort and ariaSort', () => {
  it('flips the active column, starts another in its own direction', () => {
    expect(nextSort(null, 'score', 'desc')).toEqual({ key: 'score', dir: 'desc' });
    expect(nextSort({ key: 'score', dir: 'desc' }, 'score', 'desc')).toEqual({ key: 'score', dir: 'asc' });
    expect(nextSort({ key: 'score', dir: 'asc' }, 'name', 'asc')).toEqual({ key: 'name', dir: 'asc' });
  });

  it('says which header sorts and how', () => {
    expect(ariaSort({ key: 'score', dir: 'asc' }, 'score')).toBe('ascending');
    expect(ariaSort({ key: 'score', dir: 'desc' }, 'score')).toBe('descending');
    expect(ariaSort({ key: 'score', dir: 'desc' }, 'name')).toBe('none');
    expect(ariaSort(null, 'name')).toBe('none');
  });
});

describe('navTarget', () => {
  it('moves one row with the arrows, to the ends with Home/End', () => {
    expect(navTarget('ArrowDown', 0, 5)).toBe(1);
    expect(navTarget('ArrowUp', 3, 5)).toBe(2);
    expect(navTarget('Home', 3, 5)).toBe(0);
    expect(navTarget('End', 1, 5)).toBe(4);
  });

  it('stays within the rows', () => {
    expect(navTarget('ArrowUp', 0, 5)).toBe(0);
    expect(navTarget('ArrowDown', 4, 5)).toBe(4);
    expect(navTarget('ArrowDown', -1, 5)).toBe(0);
  });

  it('ignores other keys, and has nowhere to go without rows', () => {
    expect(navTarget('Enter', 1, 5)).toBeNull();
    expect(navTarget('a', 1, 5)).toBeNull();
    expect(navTarget('ArrowDown', 0, 0)).toBeNull();
  });
});
