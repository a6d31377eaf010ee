// The tune form's knob list: the proposal's knobs as editable rows (value, interval, scale,
// int/float, include), validated before Start and turned into the `knobs` of tuneParamsSchema.
// A row the user changed is sent with origin 'user' so the report says whose interval it was.
// Pure: the table only renders rows and reports edits.
import type { Knob } from '@/lib/contracts/interventionTypes';

export interface KnobRow {
  knob: Knob;
  include: boolean;
  /** The fields as typed (strings, so a half-typed "1e-" is not lost). */
  name: string;
  value: string;
  low: string;
  high: string;
  scale: Knob['scale'];
  type: Knob['type'];
}

export type KnobField = 'name' | 'value' | 'low' | 'high' | 'scale' | 'type' | 'include';

export const rowsOf = (knobs: readonly Knob[]): KnobRow[] =>
  knobs.map((k) => ({ knob: k, include: true, name: k.name, value: String(k.value), low: String(k.low), high: String(k.high), scale: k.scale, type: k.type }));

export function editRow(rows: readonly KnobRow[], i: number, field: KnobField, v: string | boolean): KnobRow[] {
  return rows.map((r, j) => (j !== i ? r : { ...r, [field]: v }));
}

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What is wrong with each included row (empty when none), in the order of the table. */
export function rowErrors(rows: readonly KnobRow[]): string[][] {
  const names = new Map<string, number>();
  for (const r of rows) if (r.include) names.set(r.name, (names.get(r.name) ?? 0) + 1);
  return rows.map((r) => {
    if (!r.include) return [];
    const out: string[] = [];
    const [v, lo, hi] = [num(r.value), num(r.low), num(r.high)];
    if (!IDENT.test(r.name)) out.push('the name must be an identifier (letters, digits, _)');
    else if ((names.get(r.name) ?? 0) > 1) out.push(`the name ${r.name} is used twice`);
    if (!Number.isFinite(v)) out.push('the value is not a number');
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) out.push('low and high must be numbers');
    else {
      if (lo >= hi) out.push('low must be below high');
      if (Number.isFinite(v) && (v < lo || v > hi)) out.push('the value must lie between low and high');
      if (r.scale === 'log' && lo <= 0) out.push('a log scale needs low > 0');
    }
    if (r.type === 'int' && [v, lo, hi].some((x) => Number.isFinite(x) && !Number.isInteger(x))) out.push('an int knob needs whole numbers');
    return out;
  });
}

/** The knobs to send: included rows only; null while any included row is invalid or none is. */
export function knobsOf(rows: readonly KnobRow[]): Knob[] | null {
  const errors = rowErrors(rows);
  if (errors.some((e) => e.length) || !rows.some((r) => r.include)) return null;
  return rows
    .filter((r) => r.include)
    .map((r) => {
      const edited: Knob = { ...r.knob, name: r.name, value: num(r.value), low: num(r.low), high: num(r.high), scale: r.scale, type: r.type };
      const changed = (['name', 'value', 'low', 'high', 'scale', 'type'] as const).some((f) => edited[f] !== r.knob[f]);
      return changed ? { ...edited, origin: 'user' as const } : r.knob;
    });
}
