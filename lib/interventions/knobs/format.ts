// How a knob's value is written into the parameter block. JS's Number -> string conversion is
// the shortest spelling that reads back as the same double (ECMA-262 Number::toString), which is
// what Python's repr does too; Python's float() and C++ compilers round decimal literals
// correctly, so the written value is the same double in the program. A float always keeps a
// '.' or an exponent, so Python reads a float (10.0, not the int 10) and C++ a floating literal.

/** Shortest round-trip spelling of a float: 0.1, 1e-6 -> "0.000001", 1e-7 -> "1e-7", 10 -> "10.0", -0 -> "-0.0". */
export function formatFloat(v: number): string {
  if (!Number.isFinite(v)) throw new Error(`${v} is not a finite number`);
  if (Object.is(v, -0)) return '-0.0';
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** An integer value as a decimal literal (rounded to the nearest integer). */
export function formatInt(v: number): string {
  if (!Number.isFinite(v)) throw new Error(`${v} is not a finite number`);
  const r = Math.round(v);
  if (!Number.isSafeInteger(r)) throw new Error(`${v} is too large for an integer knob`);
  return String(r === 0 ? 0 : r);
}
