'use client';
// The diff of a child against its own parent, with the lines it re-adds marked in the editor
// and listed below it, each linking to the program whose edit had removed it.
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { marksResponseSchema } from '@/lib/contracts/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { CLASS_COLOURS } from '../analysis/colours';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { DEFINITIONS_LABELS, SCOPE_LABELS } from '../analysis/switchOptions';
import { usePolledReport } from '../analysis/usePolledReport';
import { DiffViewer } from '../code/DiffViewer';
import type { LineDecoration } from '../code/lineDecoration';
import { shortId } from '../ui/format';
import { locateMarks, markDecorations } from './readdedMarks';

export function ReaddedDiff({
  runId,
  childExternalId,
  original,
  modified,
  language,
  definitions,
  scope,
  controls = false,
  extraDecorations,
  revealLine,
}: {
  runId: string;
  childExternalId: string;
  original: string;
  modified: string;
  language: string | null;
  definitions: Definitions;
  scope: CyclingScope;
  /** The diff's layout and folding switches (the diff page). */
  controls?: boolean;
  /** More marks on the child's lines (the taxonomy's evidence lines). */
  extraDecorations?: readonly LineDecoration[];
  /** Scroll there when it changes (a new object moves again). */
  revealLine?: { line: number } | null;
}) {
  const q = new URLSearchParams({ childId: childExternalId, definitions, scope });
  const state = usePolledReport(`/api/runs/${runId}/cycling/marks?${q}`, marksResponseSchema);
  const located = useMemo(
    () => (state.status === 'ready' ? locateMarks(original, modified, language, definitions, state.data.marks) : []),
    [state, original, modified, language, definitions],
  );
  const decorations = useMemo(() => [...markDecorations(located), ...(extraDecorations ?? [])], [located, extraDecorations]);
  const [reveal, setReveal] = useState<{ line: number } | null>(null);
  useEffect(() => {
    if (revealLine) setReveal(revealLine);
  }, [revealLine]);
  return (
    <>
      <DiffViewer original={original} modified={modified} language={language} decorations={decorations} reveal={reveal} controls={controls} />
      <section className="readded" data-testid="readded-marks" data-state={state.status} aria-labelledby="readded-title">
        <h2 id="readded-title">
          Re-added lines{state.status === 'ready' ? ` (${located.length})` : ''}
        </h2>
        {state.status === 'loading' && <p className="muted" role="status">Loading re-added lines…</p>}
        {state.status === 'pending' && <p className="muted" role="status">computing re-added lines… (the worker stores them after import)</p>}
        {state.status === 'error' && <p className="error" role="alert">Could not load re-added lines: {state.message}</p>}
        {state.status === 'ready' && located.length === 0 && <p className="muted">This edit re-adds no previously removed line.</p>}
        {located.length > 0 && (
          <ul className="plain readded-list" aria-label="Re-added lines">
            {located.map((m, i) => (
              <li key={i} data-testid="readded-item">
                <span className="readded-where mono">
                  {m.lines.length
                    ? m.lines.map((l) => (
                        <button key={l} type="button" className="readded-goto" onClick={() => setReveal({ line: l })} aria-label={`Show line ${l} in the editor`}>
                          L{l}
                        </button>
                      ))
                    : '—'}
                </span>{' '}
                <span className="tag" style={{ borderColor: CLASS_COLOURS[m.class], color: CLASS_COLOURS[m.class] }}>
                  {m.class}
                </span>{' '}
                <code>{m.line}</code>
                <span className="muted">
                  {' '}
                  · removed by{' '}
                  {m.removedById ? (
                    <Link href={`/runs/${runId}/programs/${m.removedById}`} className="mono" title={m.removedBy}>
                      {shortId(m.removedBy)}
                    </Link>
                  ) : (
                    <span className="mono">{shortId(m.removedBy)}</span>
                  )}{' '}
                  at iteration {m.removedIteration}
                  {m.removedById && (
                    <>
                      {' '}
                      (<Link href={`/runs/${runId}/programs/${m.removedById}/diff?definitions=${definitions}&scope=${scope}`}>its diff</Link>)
                    </>
                  )}
                  , re-added at iteration {m.addedIteration}
                </span>
              </li>
            ))}
          </ul>
        )}
        {state.status === 'ready' && (
          <DefinitionNote>
            {DEFINITIONS_LABELS[definitions]} definitions, {SCOPE_LABELS[scope].toLowerCase()} scope. {state.data.definitionText}{' '}
            <Link href={`/runs/${runId}/cycling?definitions=${definitions}&scope=${scope}`}>Cycling of this run</Link>
          </DefinitionNote>
        )}
      </section>
    </>
  );
}
