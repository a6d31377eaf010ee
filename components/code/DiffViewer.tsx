'use client';
// Two sources in Monaco's read-only diff editor; data-ready="true" once mounted.
// Optional whole-line decorations on the right-hand (modified) side, e.g. re-added lines;
// data-decorated is the number applied; `reveal` scrolls the right side to a line. It opens at
// the first change (data-first-change). With `controls`, the reader picks side by side or
// inline and whether unchanged regions are folded away (both folded and side by side at first).
import type { LineDecoration } from './lineDecoration';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { editorHeight, monacoLanguage } from './monacoLanguage';

const MonacoDiff = dynamic(() => import('./MonacoDiff'), { ssr: false });

export function DiffViewer({
  original,
  modified,
  language,
  decorations,
  reveal,
  controls = false,
}: {
  original: string;
  modified: string;
  language: string | null;
  decorations?: readonly LineDecoration[];
  /** Scroll the right-hand side to this line (pass a new object to move again). */
  reveal?: { line: number } | null;
  /** Show the layout and "hide unchanged regions" switches. */
  controls?: boolean;
}) {
  const id = useId();
  const [ready, setReady] = useState(false);
  const [decorated, setDecorated] = useState(0);
  const [firstChange, setFirstChange] = useState<number | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  const [hideUnchanged, setHideUnchanged] = useState(controls);
  const [contentHeight, setContentHeight] = useState<number | null>(null);
  const lines = Math.max(original.split('\n').length, modified.split('\n').length);
  const full = editorHeight(lines, 320, 820);
  // Folded, the diff needs far less room than the whole file: no screen of blank editor below it.
  const height = hideUnchanged && contentHeight !== null ? Math.min(full, Math.max(160, contentHeight + 8)) : full;
  return (
    <>
      {controls && (
        <div className="row diff-controls" style={{ gap: '0.4rem 1rem', margin: '0 0 0.4rem', fontSize: '0.85rem' }}>
          <span role="radiogroup" aria-label="Diff layout" className="row" style={{ gap: '0.7rem' }}>
            {([true, false] as const).map((sbs) => (
              <label key={String(sbs)}>
                <input type="radio" name={`${id}-layout`} checked={sideBySide === sbs} onChange={() => setSideBySide(sbs)} />{' '}
                {sbs ? 'Side by side' : 'Inline'}
              </label>
            ))}
          </span>
          <label>
            <input type="checkbox" checked={hideUnchanged} onChange={(e) => setHideUnchanged(e.target.checked)} /> Hide unchanged regions
          </label>
          {ready && firstChange === null && <span className="muted">no change</span>}
        </div>
      )}
      <div
        className="editor-frame"
        data-testid="diff-editor"
        data-ready={ready ? 'true' : 'false'}
        data-decorated={decorations ? decorated : undefined}
        data-first-change={firstChange ?? undefined}
        data-layout={sideBySide ? 'side-by-side' : 'inline'}
        data-hide-unchanged={hideUnchanged ? 'true' : 'false'}
        style={{ minHeight: height }}
      >
        <MonacoDiff
          original={original}
          modified={modified}
          language={monacoLanguage(language)}
          height={height}
          onReady={() => setReady(true)}
          decorations={decorations}
          onDecorated={setDecorated}
          reveal={reveal}
          sideBySide={sideBySide}
          hideUnchanged={hideUnchanged}
          onFirstChange={setFirstChange}
          onContentHeight={setContentHeight}
        />
      </div>
    </>
  );
}
