// How a run's cost and token figures are written, and what their basis says (lib/db/runCost.ts).
export type CostBasisName = 'counters' | 'contexts' | null;

/** Dollars (the sources price in them) with enough digits for cents-sized runs. */
export function formatCost(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '—';
  if (v === 0) return '$0';
  if (Math.abs(v) < 0.01) return `$${v.toPrecision(2)}`;
  // Not toLocaleString: server and client must write the same text.
  const [whole, cents] = Math.abs(v).toFixed(2).split('.');
  return `${v < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export const basisLabel = (b: CostBasisName) =>
  b === 'counters' ? 'as the search counted' : b === 'contexts' ? 'summed over stored prompts' : 'not recorded';

export const costTitle = (b: CostBasisName) => (b ? basisLabel(b) : undefined);
