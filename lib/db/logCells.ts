// How logs and results are stored in text and jsonb cells: capped, NUL-free, finite numbers only.
/** Logs kept per evaluation row (each of stdout and stderr): the sandbox keeps 1 MiB, a row less. */
export const LOG_CAP_CHARS = 64 * 1024;

// PostgreSQL text and jsonb refuse NUL characters; a candidate may print anything.
const clean = (s: string) => s.replace(/\u0000/g, '\uFFFD');

export function capLog(s: string, cap = LOG_CAP_CHARS): string {
  const c = clean(s);
  return c.length <= cap ? c : `${c.slice(0, cap)}\n… (${c.length - cap} more characters not stored)`;
}

/** jsonb text of a result: non-finite numbers as null, NUL characters replaced. */
export const jsonOf = (v: unknown) =>
  clean(JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x)));
