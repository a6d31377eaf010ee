// Number and date formatting shared by tables and headline figures. Deterministic (no locale
// or time zone of the viewer), so server and client render the same text.

export function formatScore(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(3);
  return Number(v.toPrecision(6)).toString();
}

/** A change with its sign: "+0.25", "-1.5", "0"; "—" when there is none. */
export function formatSigned(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  return `${v > 0 ? '+' : ''}${formatScore(v)}`;
}

export function formatCount(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  return v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatShare(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  return `${(v * 100).toFixed(1)} %`;
}

/** "2025-11-22 10:46 UTC" */
export function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function shortId(id: string, n = 12): string {
  return id.length > n ? `${id.slice(0, n)}…` : id;
}
