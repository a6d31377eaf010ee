// The nine edit types of the paper's §5.1 (Table 9), in the paper's order. Their one-line
// definitions are shown in the UI and given to the LLM judge word for word.
export const EDIT_LABELS = [
  'hyperparameter_tuning',
  'local_refinement',
  'architectural_change',
  'composition',
  'efficiency',
  'bug_fix',
  'pruning',
  'refactor',
  'external_dependency',
] as const;

export type EditLabel = (typeof EDIT_LABELS)[number];

export const LABEL_TITLES: Record<EditLabel, string> = {
  hyperparameter_tuning: 'Hyperparameter tuning',
  local_refinement: 'Local refinement',
  architectural_change: 'Architectural change',
  composition: 'Composition',
  efficiency: 'Efficiency',
  bug_fix: 'Bug fix',
  pruning: 'Pruning',
  refactor: 'Refactor',
  external_dependency: 'External dependency',
};

/** Table 9 of the paper, verbatim. */
export const LABEL_DEFINITIONS: Record<EditLabel, string> = {
  hyperparameter_tuning:
    'Change to one or more numeric literals or configuration values; control flow and surrounding algorithm unchanged.',
  local_refinement: 'Targeted edit within an existing routine; the routine’s role and structure are preserved.',
  architectural_change: 'A core algorithmic block is replaced by a substantively different approach.',
  composition: 'A new component (operator, phase, branch) is added alongside an existing one; existing logic is retained.',
  efficiency:
    'Same input–output behaviour reimplemented at lower asymptotic or constant cost (e.g. batching, vectorization, partial sorts, caching).',
  bug_fix: 'Correction of a latent defect such as a missing guard, wrong sign, off-by-one, or mishandled sentinel.',
  pruning: 'A code path, phase, or feature is removed; the remaining program is kept intact.',
  refactor: 'Behaviour-preserving restructuring: renaming, reordering, extracting helpers, or moving declarations.',
  external_dependency: 'Introduction or removal of an import or external library.',
};

const LABEL_SET = new Set<string>(EDIT_LABELS);

export function isEditLabel(s: string): s is EditLabel {
  return LABEL_SET.has(s);
}

/** Labels in canonical (Table 9) order, unknown ones dropped, duplicates removed. */
export function canonicalLabels(labels: Iterable<string>): EditLabel[] {
  const given = new Set(labels);
  return EDIT_LABELS.filter((l) => given.has(l));
}
