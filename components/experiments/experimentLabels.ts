// Words and colours of the experiment views, named once so the tables, legends and the CSV agree.
import type { AblationVerdict, ExperimentStatus, ExperimentView, ReplayOutcomeClass, ReplayVariant } from '@/lib/contracts/interventionTypes';

export const VERDICT_COLOURS: Record<AblationVerdict, string> = {
  carried: '#1a7f37',
  neutral: '#8c8f94',
  hurt: '#c0392b',
  failed: '#8250df',
};

export const VERDICT_TEXT: Record<AblationVerdict, string> = {
  carried: 'carried the gain (reverting it loses score)',
  neutral: 'neutral (within the tolerance)',
  hurt: 'hurt (reverting it gains score)',
  failed: 'failed (the variant did not evaluate)',
};

export const OUTCOME_ORDER: readonly ReplayOutcomeClass[] = ['better', 'similar', 'beats-parent', 'worse', 'failed'];
export const OUTCOME_TEXT: Record<ReplayOutcomeClass, string> = {
  better: 'better than the original',
  similar: 'similar (within 0.001)',
  'beats-parent': 'still beats the parent',
  worse: 'worse',
  failed: 'no score',
};

export const VARIANT_TEXT: Record<ReplayVariant, string> = {
  exact: 'exact: the stored context as sent',
  strict_diff: "strict_diff: the framework's diff-only instruction enforced",
  no_other_context: 'no_other_context: inspirations and top programs removed',
  no_history: "no_history: the parent's score history removed",
  alternate_context: "alternate_context: programs closest to the parent's score instead",
  deletion_history: "deletion_history: the parent's deletion history added (§6)",
  custom: 'custom: your own system or user prompt',
};

export const KIND_TEXT: Record<ExperimentView['kind'], string> = { tune: 'Tuning', replay: 'Replay', ablate: 'Ablation', diagnose: 'Diagnosis', aux: 'Auxiliary metrics' };

export const isActive = (s: ExperimentStatus) => s === 'queued' || s === 'running';

/** "Queued", "Evaluating: 3/24 · guided", ... the line above the progress bar. */
export function progressLabel(x: Pick<ExperimentView, 'status' | 'done' | 'total' | 'phase' | 'failed'>): string {
  if (x.status === 'queued') return 'Queued';
  const count = x.total > 0 ? `${x.done}/${x.total}` : 'starting';
  const failed = x.failed > 0 ? ` (${x.failed} failed)` : '';
  return `${x.status === 'running' ? 'Running' : x.status[0].toUpperCase() + x.status.slice(1)}: ${count}${failed}${x.phase ? ` · ${x.phase}` : ''}`;
}

/** The URL that reopens an experiment: its program page with ?experiment=. */
export const experimentHref = (x: Pick<ExperimentView, 'runId' | 'programId' | 'id'>) => `/runs/${x.runId}/programs/${x.programId}?experiment=${x.id}#experiments`;
