'use client';
// The one table of rows: columns (header, cell, optional sort), sortable headers (a real <button>
// in the <th>, aria-sort on the <th>), sorting here or by the owner (a sort kept in the URL, or
// done by the server), keyboard rows (the board's pattern: Tab reaches a row, ArrowUp/ArrowDown
// and Home/End move between rows, Enter opens the row: its action, its link, or its first link),
// a header that stays in view while the table's box scrolls, an optional caption. The pure parts
// are tableModel.ts.
import { useRouter } from 'next/navigation';
import {
  Fragment,
  useMemo,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TableHTMLAttributes,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { ariaSort, navTarget, nextSort, sortRows, type SortDir, type SortValue, type TableSort } from './tableModel';

export type { SortDir, TableSort } from './tableModel';

type Data = { [data: `data-${string}`]: string | number | boolean | undefined };
export type CellAttrs = TdHTMLAttributes<HTMLTableCellElement> & Data;
export type RowAttrs = HTMLAttributes<HTMLTableRowElement> & Data;

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The body cell (none: the rows draw themselves, renderRow). */
  cell?: (row: T, index: number) => ReactNode;
  /** Sorts by this value (missing values last in both directions)… */
  sortValue?: (row: T) => SortValue;
  /** …or by this comparison. */
  compare?: (a: T, b: T) => number;
  /** A sortable header although the rows come sorted (the owner sorts: `sort` given). */
  sortable?: boolean;
  /** The direction a first click on the header sorts in; numeric columns start descending. */
  firstDir?: SortDir;
  /** Right-aligned tabular figures (header and cells). */
  numeric?: boolean;
  align?: 'left' | 'center' | 'right';
  /** The body cells' class (beside "num"). */
  className?: string;
  /** The cell heads its row (<th scope="row">). */
  rowHeader?: boolean;
  /** The header cell's own attributes (a title, a class). */
  th?: ThHTMLAttributes<HTMLTableCellElement> & Data;
  /** A body cell's own attributes (a class, a title, data-*). */
  td?: (row: T, index: number) => CellAttrs;
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** The table's accessible name. */
  label?: string;
  caption?: ReactNode;
  /** Replaces the caption's default look (muted, left-aligned). */
  captionProps?: HTMLAttributes<HTMLTableCaptionElement>;
  /** Classes beside "data". */
  className?: string;
  tableProps?: TableHTMLAttributes<HTMLTableElement> & Data;
  /** In the bordered, scrolling box (default); false: the bare table. */
  wrap?: boolean;
  /** The box's height limit: past it the rows scroll under the header. */
  maxHeight?: string;
  /** The box's own style (a margin). */
  wrapStyle?: CSSProperties;
  /** Sorted here: the sort at first (none: the rows' own order). */
  defaultSort?: TableSort | null;
  /** Sorted by the owner (kept in the URL, or done by the server): the sort shown. */
  sort?: TableSort | null;
  /** A header click: the sort it asks for. */
  onSortChange?: (next: TableSort) => void;
  rowProps?: (row: T, index: number) => RowAttrs;
  /** Keyboard rows without an Enter action of their own (Enter follows the row's first link). */
  keyboard?: boolean;
  /** Enter on a row (turns keyboard rows on). */
  onActivate?: (row: T, index: number) => void;
  /** Enter on a row goes here (turns keyboard rows on). */
  rowHref?: (row: T, index: number) => string;
  /** Other keys on a focused row (preventDefault: handled). */
  onRowKeyDown?: (e: KeyboardEvent<HTMLTableRowElement>, row: T, index: number) => void;
  /** Rows drawn after a row (an opened thread, a timeline). */
  after?: (row: T, index: number) => ReactNode;
  /** Draws a row itself: must put `attrs` on its <tr> (and may use `cells`). */
  renderRow?: (row: T, index: number, attrs: RowAttrs, cells: ReactNode) => ReactNode;
  /** Shown in a row across the table when there are no rows. */
  empty?: ReactNode;
  /** No header and no body when there are no rows (the caption says so). */
  hideWhenEmpty?: boolean;
  bodyRef?: Ref<HTMLTableSectionElement>;
}

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ') || undefined;
const CAPTION: CSSProperties = { textAlign: 'left', padding: '0.4rem 0.7rem' };

/** The keyboard rows of the body a row is in, in order. */
function navRows(tr: HTMLTableRowElement): HTMLTableRowElement[] {
  return Array.from(tr.parentElement?.children ?? []).filter((el): el is HTMLTableRowElement => el.hasAttribute('data-nav'));
}

export function Table<T>(props: TableProps<T>) {
  const { columns, rows, rowKey, label, caption, captionProps, className, tableProps, wrap = true, maxHeight, wrapStyle } = props;
  const { rowProps, onActivate, rowHref, onRowKeyDown, after, renderRow, empty, hideWhenEmpty, bodyRef } = props;
  const router = useRouter();
  const controlled = props.sort !== undefined;
  const [ownSort, setOwnSort] = useState<TableSort | null>(props.defaultSort ?? null);
  const sort = controlled ? (props.sort ?? null) : ownSort;
  const shown = useMemo(() => (controlled ? rows : sortRows(rows, sort, columns)), [controlled, rows, sort, columns]);
  const nav = !!(props.keyboard || onActivate || rowHref);

  const sortBy = (c: Column<T>) => {
    const next = nextSort(sort, c.key, c.firstDir ?? (c.numeric ? 'desc' : 'asc'));
    if (!controlled) setOwnSort(next);
    props.onSortChange?.(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: T, i: number) => {
    if (e.target !== e.currentTarget) return; // a control inside the row has the key
    onRowKeyDown?.(e, row, i);
    if (e.defaultPrevented) return;
    const list = navRows(e.currentTarget);
    const to = navTarget(e.key, list.indexOf(e.currentTarget), list.length);
    if (to !== null) {
      e.preventDefault();
      list[to]?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (onActivate) onActivate(row, i);
      else if (rowHref) router.push(rowHref(row, i));
      else e.currentTarget.querySelector<HTMLAnchorElement>('a[href]')?.click();
    }
  };

  const header = (c: Column<T>) => {
    const sortable = !!(c.sortValue || c.compare || c.sortable);
    const cls = cx(c.numeric && 'num', c.th?.className);
    const style = c.align ? { textAlign: c.align, ...c.th?.style } : c.th?.style;
    if (!sortable) {
      return (
        <th key={c.key} scope="col" {...c.th} className={cls} style={style}>
          {c.header}
        </th>
      );
    }
    const aria = ariaSort(sort, c.key);
    return (
      <th key={c.key} scope="col" aria-sort={aria} {...c.th} className={cls} style={style}>
        <button type="button" className="sort" onClick={() => sortBy(c)}>
          {c.header}
          <span className="arrow" aria-hidden="true">
            {aria === 'ascending' ? '▲' : aria === 'descending' ? '▼' : ''}
          </span>
        </button>
      </th>
    );
  };

  const cell = (c: Column<T>, row: T, i: number) => {
    const own = c.td?.(row, i);
    const cls = cx(c.numeric && 'num', c.className, own?.className);
    const style = c.align ? { textAlign: c.align, ...own?.style } : own?.style;
    return c.rowHeader ? (
      <th key={c.key} scope="row" {...(own as ThHTMLAttributes<HTMLTableCellElement>)} className={cls} style={style}>
        {c.cell?.(row, i)}
      </th>
    ) : (
      <td key={c.key} {...own} className={cls} style={style}>
        {c.cell?.(row, i)}
      </td>
    );
  };

  const row = (r: T, i: number) => {
    const own = rowProps?.(r, i);
    const attrs: RowAttrs = nav
      ? {
          tabIndex: 0,
          ...own,
          'data-nav': '',
          className: cx('focusable-row', own?.className),
          onKeyDown: (e) => {
            own?.onKeyDown?.(e);
            onKeyDown(e, r, i);
          },
        }
      : { ...own };
    const cells = columns.map((c) => cell(c, r, i));
    return (
      <Fragment key={rowKey(r, i)}>
        {renderRow ? renderRow(r, i, attrs, cells) : <tr {...attrs}>{cells}</tr>}
        {after?.(r, i)}
      </Fragment>
    );
  };

  const bare = hideWhenEmpty && shown.length === 0;
  const table = (
    <table aria-label={label} {...tableProps} className={cx('data', wrap && 'sticky-head', className, tableProps?.className)}>
      {caption !== undefined && (
        <caption {...(captionProps ?? { className: 'muted', style: CAPTION })}>{caption}</caption>
      )}
      {!bare && (
        <>
          <thead>
            <tr>{columns.map(header)}</tr>
          </thead>
          <tbody ref={bodyRef}>
            {shown.map(row)}
            {shown.length === 0 && empty !== undefined && (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </>
      )}
    </table>
  );
  if (!wrap) return table;
  return (
    <div className="table-wrap" style={maxHeight ? { ...wrapStyle, maxHeight, overflowY: 'auto' } : wrapStyle}>
      {table}
    </div>
  );
}
