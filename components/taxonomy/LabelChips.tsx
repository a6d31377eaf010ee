// Labels as small coloured chips, Table 9's definition on hover (the diff page, the lineage
// panel, the edits and compounds tables).
import { LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { LABEL_COLOURS } from './labelColours';

export function LabelChip({ label, onClick, pressed }: { label: EditLabel; onClick?: () => void; pressed?: boolean }) {
  const body = (
    <>
      <span className="dot" style={{ background: LABEL_COLOURS[label] }} aria-hidden="true" />
      {LABEL_TITLES[label]}
    </>
  );
  return onClick ? (
    <button type="button" className="label-chip" data-testid="label-chip" data-label={label} title={LABEL_DEFINITIONS[label]} onClick={onClick} aria-pressed={pressed}>
      {body}
    </button>
  ) : (
    <span className="label-chip" data-testid="label-chip" data-label={label} title={LABEL_DEFINITIONS[label]}>
      {body}
    </span>
  );
}

export function LabelChips({ labels, empty = 'no label' }: { labels: readonly EditLabel[]; empty?: string }) {
  if (labels.length === 0) return <span className="muted">{empty}</span>;
  return (
    <span className="label-chips">
      {labels.map((l) => (
        <LabelChip key={l} label={l} />
      ))}
    </span>
  );
}
