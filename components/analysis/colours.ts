// Colours of the analysis views, named once so legends and charts agree.
import type { CompositionBucket, CycleClass } from '@/lib/contracts/analysisTypes';

export const COMPOSITION_COLOURS: Record<CompositionBucket, string> = {
  pure_tuning: '#b2182b',
  mostly_tuning: '#ef8a62',
  mixed: '#e0d6a8',
  mostly_structural: '#67a9cf',
  pure_structural: '#2166ac',
};
/** Edits without code lines (comments or blank lines only): in no bucket. */
export const NO_BUCKET_COLOUR = '#d4d5d9';

export const COMPOSITION_LABELS: Record<CompositionBucket, string> = {
  pure_tuning: 'pure tuning',
  mostly_tuning: 'mostly tuning',
  mixed: 'mixed',
  mostly_structural: 'mostly structural',
  pure_structural: 'pure structural',
};

/** What the buckets mean (lib/analysis/classifyEdits.ts compositionBucket). */
export const COMPOSITION_DEFINITION =
  'Edit composition: the share of an edit’s changed code lines that are numeric retunes (a removed and an added line with the same number-collapsed skeleton); ' +
  '≥ 90 % pure tuning, ≥ 60 % mostly tuning, ≤ 10 % pure structural, ≤ 40 % mostly structural, else mixed. Edits that change no code line are in no bucket.';

export const CLASS_COLOURS: Record<CycleClass, string> = {
  literal: '#c2410c',
  tuning: '#7c3aed',
  trivial: '#9ca3af',
};

export const CLASS_DEFINITION =
  'Classes of a re-addition: literal = byte-identical to the removed line; tuning = same number-collapsed skeleton, different numbers; trivial = whitespace-only (EvoReplay-compatible: also comment-like lines).';

export const TREND_COLOUR = '#e07b00';
export const SHARE_COLOUR = '#2456a6';
