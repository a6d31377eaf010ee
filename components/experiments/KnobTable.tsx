'use client';
// The tune form's editable knob list: every cell is a native input (Tab moves along the row,
// Enter does not submit), each row can be left out, and a row's problems are listed under it.
import type { KnobField, KnobRow } from './knobTableModel';
import { rowErrors } from './knobTableModel';

export function KnobTable({ rows, onEdit, disabled }: { rows: KnobRow[]; onEdit: (i: number, field: KnobField, v: string | boolean) => void; disabled?: boolean }) {
  const errors = rowErrors(rows);
  if (rows.length === 0) return <p className="muted">No knobs proposed for this program.</p>;
  return (
    <div className="table-wrap">
      <table className="data knob-table" aria-label="Knobs">
        <thead>
          <tr>
            <th scope="col">tune</th>
            <th scope="col">name</th>
            <th scope="col">line</th>
            <th scope="col" className="num">value</th>
            <th scope="col" className="num">low</th>
            <th scope="col" className="num">high</th>
            <th scope="col">scale</th>
            <th scope="col">type</th>
            <th scope="col">literal in the source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const label = `knob ${r.knob.name} (line ${r.knob.line})`;
            const bad = errors[i].length > 0;
            return (
              <tr key={`${r.knob.start}-${r.knob.end}`} data-testid="knob-row" aria-invalid={bad || undefined} className={r.include ? undefined : 'muted'}>
                <td>
                  <input type="checkbox" checked={r.include} disabled={disabled} aria-label={`Tune ${label}`} onChange={(e) => onEdit(i, 'include', e.target.checked)} />
                </td>
                <td>
                  <input className="mono" size={14} value={r.name} disabled={disabled} aria-label={`Name of ${label}`} onChange={(e) => onEdit(i, 'name', e.target.value)} />
                  {bad && (
                    <div className="error" role="alert" style={{ fontSize: '0.78rem', whiteSpace: 'normal' }}>
                      {errors[i].join('; ')}
                    </div>
                  )}
                </td>
                <td className="num">{r.knob.line}</td>
                {(['value', 'low', 'high'] as const).map((f) => (
                  <td key={f} className="num">
                    <input
                      className="mono"
                      size={9}
                      inputMode="decimal"
                      value={r[f]}
                      disabled={disabled}
                      aria-label={`${f[0].toUpperCase()}${f.slice(1)} of ${label}`}
                      onChange={(e) => onEdit(i, f, e.target.value)}
                    />
                  </td>
                ))}
                <td>
                  <select value={r.scale} disabled={disabled} aria-label={`Scale of ${label}`} onChange={(e) => onEdit(i, 'scale', e.target.value)}>
                    <option value="linear">linear</option>
                    <option value="log">log</option>
                  </select>
                </td>
                <td>
                  <select value={r.type} disabled={disabled} aria-label={`Type of ${label}`} onChange={(e) => onEdit(i, 'type', e.target.value)}>
                    <option value="float">float</option>
                    <option value="int">int</option>
                  </select>
                </td>
                <td className="wrap mono" style={{ fontSize: '0.78rem' }} title={r.knob.note}>
                  {r.knob.contextLine.trim()}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
