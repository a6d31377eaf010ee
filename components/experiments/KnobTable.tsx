'use client';
// The tune form's editable knob list: every cell is a native input (Tab moves along the row,
// Enter does not submit), each row can be left out, and a row's problems are listed under it.
import type { KnobField, KnobRow } from './knobTableModel';
import { rowErrors } from './knobTableModel';
import { Table, type Column } from '../ui/Table';

const label = (r: KnobRow) => `knob ${r.knob.name} (line ${r.knob.line})`;

export function KnobTable({ rows, onEdit, disabled }: { rows: KnobRow[]; onEdit: (i: number, field: KnobField, v: string | boolean) => void; disabled?: boolean }) {
  const errors = rowErrors(rows);
  if (rows.length === 0) return <p className="muted">No knobs proposed for this program.</p>;
  return (
    <Table
      label="Knobs"
      className="knob-table"
      rows={rows}
      rowKey={(r) => `${r.knob.start}-${r.knob.end}`}
      rowProps={(r, i) => ({ 'data-testid': 'knob-row', 'aria-invalid': errors[i].length > 0 || undefined, className: r.include ? undefined : 'muted' })}
      columns={[
        {
          key: 'tune',
          header: 'tune',
          cell: (r, i) => <input type="checkbox" checked={r.include} disabled={disabled} aria-label={`Tune ${label(r)}`} onChange={(e) => onEdit(i, 'include', e.target.checked)} />,
        },
        {
          key: 'name',
          header: 'name',
          cell: (r, i) => (
            <>
              <input className="mono" size={14} value={r.name} disabled={disabled} aria-label={`Name of ${label(r)}`} onChange={(e) => onEdit(i, 'name', e.target.value)} />
              {errors[i].length > 0 && (
                <div className="error" role="alert" style={{ fontSize: '0.78rem', whiteSpace: 'normal' }}>
                  {errors[i].join('; ')}
                </div>
              )}
            </>
          ),
        },
        { key: 'line', header: 'line', className: 'num', cell: (r) => r.knob.line },
        ...(['value', 'low', 'high'] as const).map(
          (f): Column<KnobRow> => ({
            key: f,
            header: f,
            numeric: true,
            cell: (r, i) => (
              <input
                className="mono"
                size={9}
                inputMode="decimal"
                value={r[f]}
                disabled={disabled}
                aria-label={`${f[0].toUpperCase()}${f.slice(1)} of ${label(r)}`}
                onChange={(e) => onEdit(i, f, e.target.value)}
              />
            ),
          }),
        ),
        {
          key: 'scale',
          header: 'scale',
          cell: (r, i) => (
            <select value={r.scale} disabled={disabled} aria-label={`Scale of ${label(r)}`} onChange={(e) => onEdit(i, 'scale', e.target.value)}>
              <option value="linear">linear</option>
              <option value="log">log</option>
            </select>
          ),
        },
        {
          key: 'type',
          header: 'type',
          cell: (r, i) => (
            <select value={r.type} disabled={disabled} aria-label={`Type of ${label(r)}`} onChange={(e) => onEdit(i, 'type', e.target.value)}>
              <option value="float">float</option>
              <option value="int">int</option>
            </select>
          ),
        },
        {
          key: 'literal',
          header: 'literal in the source',
          className: 'wrap mono',
          td: (r) => ({ style: { fontSize: '0.78rem' }, title: r.knob.note }),
          cell: (r) => r.knob.contextLine.trim(),
        },
      ]}
    />
  );
}
