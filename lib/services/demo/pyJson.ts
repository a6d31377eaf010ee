// JSON as Python's json.dump writes it (", " and ": " separators, ensure_ascii, floats
// always with a fraction or exponent), so demo files look like OpenEvolve's byte for byte.
// JavaScript has one number type, so the caller names the keys whose values are ints.

export interface PyJsonOptions {
  /** Keys whose numeric values (or arrays of numbers) are Python ints. */
  intKeys?: ReadonlySet<string>;
  /** json.dump(indent=N); omitted means a single line. */
  indent?: number;
}

export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    // repr() switches to exponent notation outside [1e-4, 1e16) and pads it to 2 digits.
    return x.toExponential().replace(/e([-+])(\d)$/, 'e$10$2');
  }
  const s = String(x);
  return Number.isInteger(x) ? `${s}.0` : s;
}

function pyString(s: string): string {
  return JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function toPyJson(value: unknown, opts: PyJsonOptions = {}): string {
  const ints = opts.intKeys ?? new Set<string>();
  const ind = opts.indent;
  const write = (v: unknown, isInt: boolean, depth: number): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number') return isInt && Number.isInteger(v) ? String(v) : pyFloat(v);
    if (typeof v === 'string') return pyString(v);
    const pad = ind === undefined ? '' : `\n${' '.repeat(ind * (depth + 1))}`;
    const end = ind === undefined ? '' : `\n${' '.repeat(ind * depth)}`;
    const sep = ind === undefined ? ', ' : ',';
    if (Array.isArray(v)) {
      if (!v.length) return '[]';
      return `[${v.map((x) => pad + write(x, isInt, depth + 1)).join(sep)}${end}]`;
    }
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (!entries.length) return '{}';
    return `{${entries.map(([k, x]) => `${pad}${pyString(k)}: ${write(x, ints.has(k), depth + 1)}`).join(sep)}${end}}`;
  };
  return write(value, false, 0);
}

/** Keys OpenEvolve writes as Python ints (everything else numeric is a float). */
export const OPENEVOLVE_INT_KEYS: ReadonlySet<string> = new Set([
  'generation',
  'iteration_found',
  'island',
  'iteration',
  'current_iteration',
  'last_iteration',
  'current_island',
  'island_generations',
  'last_migration_generation',
  'cases',
  'exit_code',
  'timeout_duration',
]);
