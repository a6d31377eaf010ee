'use client';
// The rubric (Table 9 of the paper, word for word) with each label's key; ? or Esc closes it.
import { EDIT_LABELS, LABEL_DEFINITIONS, LABEL_TITLES } from '@/lib/contracts/editLabels';
import { KEY_OF_LABEL } from '@/lib/review/keys';

export function RubricDialog({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-modal="true" aria-label="Rubric" className="panel" data-testid="review-rubric"
      style={{ position: 'fixed', inset: '8% 10% auto 10%', zIndex: 50, background: 'var(--bg, #fff)', maxHeight: '80vh', overflow: 'auto', boxShadow: '0 4px 24px rgba(0,0,0,.25)' }}>
      <h2>Rubric: the nine edit types</h2>
      <p className="muted">An edit may carry several labels. Keys: Enter save and next, s skip, Backspace back, n note, ? this rubric.</p>
      <dl>
        {EDIT_LABELS.map((l) => (
          <div key={l} style={{ marginBottom: '0.5rem' }}>
            <dt>
              <kbd>{KEY_OF_LABEL[l]}</kbd> <strong>{LABEL_TITLES[l]}</strong> <span className="mono muted">{l}</span>
            </dt>
            <dd>{LABEL_DEFINITIONS[l]}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose}>Close <kbd>Esc</kbd></button>
    </div>
  );
}
