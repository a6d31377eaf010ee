// CSV as every export of Evoscope writes it (RFC 4180, CRLF line ends).

/** RFC 4180 field: quoted when it holds a comma, quote or line break; formula-like text defused. */
export function csvField(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  // A cell starting with = + - @ is run as a formula by spreadsheets; ids are text, so prefix a quote.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header and rows as one CSV text. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [header.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))].join('\r\n') + '\r\n';
}
