// One colour per edit label, named once so the figure, the stacked stages, the chips on the
// diff page and the lineage's "colour by label" agree. Tableau 10 in Table 9 order (nine labels,
// so no colour repeats).
import { schemeTableau10 } from 'd3';
import { EDIT_LABELS, type EditLabel } from '@/lib/contracts/editLabels';

export const LABEL_COLOURS = Object.fromEntries(EDIT_LABELS.map((l, i) => [l, schemeTableau10[i]])) as Record<EditLabel, string>;

/** Odds-ratio points and whiskers: above 1 (the label goes with improvements) and below. */
export const OR_ABOVE_COLOUR = '#2166ac';
export const OR_BELOW_COLOUR = '#b2182b';
export const REFERENCE_COLOUR = '#62666d';
/** A label no scored edit carries: a hollow grey point on dashed whiskers. */
export const UNUSED_COLOUR = '#a3a6ad';
/** Enrichment bars: among best-so-far updates, along the final best's lineage. */
export const ENRICHMENT_COLOURS = { bestSoFar: '#e07b00', finalLineage: '#2456a6' } as const;
