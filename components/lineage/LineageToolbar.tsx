'use client';
// Colour mode, layout mode, emphasis switches and the "find program" box of the lineage explorer.
import { useId, useState, type FormEvent } from 'react';
import type { LayoutMode } from '@/lib/analysis/lineageLayout';
import { EDIT_LABELS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import type { Emphasis } from './LineageCanvas';
import { COLOR_MODE_LABELS, COLOR_MODES, type ColorMode } from './lineageColors';
import type { ContextMode } from './viewState';
import styles from './Lineage.module.css';

interface Props {
  color: ColorMode;
  /** The metric of colour mode 'metric'. */
  metric: string | null;
  /** The edit label of colour mode 'label'. */
  label: EditLabel | null;
  /** The run's metrics, each offered as a colour. */
  metricKeys: string[];
  layout: LayoutMode;
  emphasis: Emphasis;
  lineageReady: boolean;
  /** `value`: the metric of mode 'metric', the label of mode 'label'. */
  onColor: (c: ColorMode, value?: string) => void;
  onLayout: (l: LayoutMode) => void;
  onEmphasis: (e: Emphasis) => void;
  /** Returns false when nothing matches. */
  onFind: (query: string) => boolean;
  /** The run's rejected programs (hidden unless shown); null when it has none. */
  rejected: { count: number; shown: boolean; onChange: (shown: boolean) => void } | null;
  /** The run's context edges (drawn on demand); null when it has none. */
  context: { count: number; mode: ContextMode; onChange: (mode: ContextMode) => void } | null;
  /** Jumps to the final best, or along the best-so-far chain; null while the lineage facts are not in. */
  jump: { finalBest: (() => void) | null; bestSoFar: number; step: (dir: 1 | -1) => void } | null;
}

const EMPHASIS_LABELS: [keyof Emphasis, string][] = [
  ['ancestry', 'Final best ancestry'],
  ['chain', 'Best-so-far chain'],
  ['dim', 'Fade dead branches'],
];

/** Select values: a colour mode, or "metric:<name>" for one of the run's metrics. */
const METRIC_PREFIX = 'metric:';
/** Select values "label:<edit label>" (colour mode 'label'). */
const LABEL_PREFIX = 'label:';

export function LineageToolbar({
  color, metric, label, metricKeys, layout, emphasis, lineageReady, onColor, onLayout, onEmphasis, onFind, rejected, context, jump,
}: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [miss, setMiss] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMiss(onFind(query) ? null : query.trim());
  };
  return (
    <div className={styles.toolbar}>
      <label htmlFor={`${id}-color`}>Colour by</label>
      <select
        id={`${id}-color`}
        value={color === 'metric' ? `${METRIC_PREFIX}${metric ?? ''}` : color === 'label' ? `${LABEL_PREFIX}${label ?? ''}` : color}
        onChange={(e) => {
          const v = e.target.value;
          if (v.startsWith(METRIC_PREFIX)) onColor('metric', v.slice(METRIC_PREFIX.length));
          else if (v.startsWith(LABEL_PREFIX)) onColor('label', v.slice(LABEL_PREFIX.length));
          else onColor(v as ColorMode);
        }}
      >
        {COLOR_MODES.filter((m) => m !== 'metric' && m !== 'label').map((m) => (
          <option key={m} value={m}>
            {COLOR_MODE_LABELS[m]}
          </option>
        ))}
        {metricKeys.length > 0 && (
          <optgroup label="Metric">
            {metricKeys.map((k) => (
              <option key={k} value={`${METRIC_PREFIX}${k}`}>
                {k}
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label="Edit type (offline judge)">
          {EDIT_LABELS.map((l) => (
            <option key={l} value={`${LABEL_PREFIX}${l}`}>
              {LABEL_TITLES[l]}
            </option>
          ))}
        </optgroup>
      </select>
      <label htmlFor={`${id}-layout`}>Layout</label>
      <select id={`${id}-layout`} value={layout} onChange={(e) => onLayout(e.target.value as LayoutMode)}>
        <option value="tree">Tree (depth down)</option>
        <option value="timeline">Timeline (iteration across)</option>
      </select>
      <fieldset disabled={!lineageReady} title={lineageReady ? undefined : 'lineage facts not computed yet'}>
        <legend>Show</legend>
        {EMPHASIS_LABELS.map(([key, label]) => (
          <label key={key}>
            <input type="checkbox" checked={emphasis[key]} onChange={(e) => onEmphasis({ ...emphasis, [key]: e.target.checked })} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {rejected && (
        <label title="Programs the search proposed and rejected: stored invalid, left out of every valid-only measure">
          <input type="checkbox" data-testid="show-rejected" checked={rejected.shown} onChange={(e) => rejected.onChange(e.target.checked)} /> Show
          rejected ({rejected.count})
        </label>
      )}
      {context && (
        <>
          <label htmlFor={`${id}-context`} title="Programs shown to the LLM as context when another was made: not parents">
            Context edges
          </label>
          <select
            id={`${id}-context`}
            data-testid="context-edges"
            value={context.mode}
            onChange={(e) => context.onChange(e.target.value as ContextMode)}
          >
            <option value="off">Off</option>
            <option value="selected">Selected program's</option>
            <option value="all">All ({context.count})</option>
          </select>
        </>
      )}
      <span role="group" aria-label="Jump to">
        <button type="button" data-testid="jump-final-best" disabled={!jump?.finalBest} onClick={() => jump?.finalBest?.()}>
          Final best
        </button>{' '}
        <button type="button" data-testid="jump-bsf-prev" disabled={!jump?.bestSoFar} onClick={() => jump?.step(-1)} aria-label="Previous best-so-far program">
          ◀
        </button>
        <span title="Step through the programs that improved the best-so-far, in order"> Best so far{jump?.bestSoFar ? ` (${jump.bestSoFar})` : ''} </span>
        <button type="button" data-testid="jump-bsf-next" disabled={!jump?.bestSoFar} onClick={() => jump?.step(1)} aria-label="Next best-so-far program">
          ▶
        </button>
      </span>
      <form className={styles.find} role="search" aria-label="Find program" onSubmit={submit}>
        <label htmlFor={`${id}-find`}>Find program</label>
        <input
          id={`${id}-find`}
          type="text"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="source id or uuid prefix"
          aria-invalid={miss !== null}
        />
        <button type="submit">Find</button>
        {miss !== null && (
          <span className={`error ${styles.miss}`} role="alert">
            no program matches “{miss}”
          </span>
        )}
      </form>
    </div>
  );
}
