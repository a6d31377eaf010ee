// The tuning gap's verdicts and chain steps (lib/analysis/generalization.ts computes them).
export type Verdict = 'aligned' | 'overfit-mild' | 'overfit-severe' | 'other' | 'not-scored';

export const VERDICTS: readonly Verdict[] = ['aligned', 'overfit-mild', 'overfit-severe', 'other', 'not-scored'];

export const VERDICT_LABELS: Record<Verdict, string> = {
  aligned: 'aligned',
  'overfit-mild': 'overfit (mild)',
  'overfit-severe': 'overfit (severe)',
  other: 'other',
  'not-scored': 'not scored',
};

export interface GeneralizationStep {
  index: number;
  programId: string;
  externalId: string;
  iteration: number;
  recordedScore: number;
  public: number | null;
  /** 'rerun' when the public re-run gave a score, 'recorded' when it fell back on the trace. */
  publicSource: 'rerun' | 'recorded';
  private: number | null;
  /** Why there is no private score: 'not re-scored' or the failed re-run's status. */
  privateMissing: string | null;
  /** Raw differences from the nearest earlier step with a value (null for the first, or none). */
  dPublic: number | null;
  dPrivate: number | null;
  /** Public got better and private got worse at this step (direction-aware). */
  overfit: boolean;
}
