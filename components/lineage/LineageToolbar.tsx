'use client';
// Colour mode, layout mode, emphasis switches and the "find program" box of the lineage explorer.
import { useId, useState, type FormEvent } from 'react';
import type { LayoutMode } from '@/lib/analysis/lineageLayout';
import type { Emphasis } from './LineageCanvas';
import { COLOR_MODE_LABELS, COLOR_MODES, type ColorMode } from './lineageColors';
import styles from './Lineage.module.css';

interface Props {
  color: ColorMode;
  layout: LayoutMode;
  emphasis: Emphasis;
  lineageReady: boolean;
  onColor: (c: ColorMode) => void;
  onLayout: (l: LayoutMode) => void;
  onEmphasis: (e: Emphasis) => void;
  /** Returns false when nothing matches. */
  onFind: (query: string) => boolean;
}

const EMPHASIS_LABELS: [keyof Emphasis, string][] = [
  ['ancestry', 'Final best ancestry'],
  ['chain', 'Best-so-far chain'],
  ['dim', 'Fade dead branches'],
];

export function LineageToolbar({ color, layout, emphasis, lineageReady, onColor, onLayout, onEmphasis, onFind }: Props) {
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
      <select id={`${id}-color`} value={color} onChange={(e) => onColor(e.target.value as ColorMode)}>
        {COLOR_MODES.map((m) => (
          <option key={m} value={m}>
            {COLOR_MODE_LABELS[m]}
          </option>
        ))}
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
          <span className="error" role="alert">
            no program matches “{miss}”
          </span>
        )}
      </form>
    </div>
  );
}
