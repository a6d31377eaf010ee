'use client';
// One strategy's code, and its diff to the strategy before it (the shared DiffViewer).
import { useState } from 'react';
import { CodeViewer } from '../code/CodeViewer';
import { DiffViewer } from '../code/DiffViewer';

export function StrategyCode({ code, previous }: { code: string; previous: { iteration: number; code: string } | null }) {
  const [view, setView] = useState<'diff' | 'code'>(previous ? 'diff' : 'code');
  return (
    <div data-testid="strategy-code" data-view={view}>
      {previous && (
        <div role="radiogroup" aria-label="Strategy view" className="row" style={{ gap: '0.8rem', margin: '0 0 0.4rem', fontSize: '0.85rem' }}>
          <label>
            <input type="radio" checked={view === 'diff'} onChange={() => setView('diff')} /> Diff to strategy {previous.iteration}
          </label>
          <label>
            <input type="radio" checked={view === 'code'} onChange={() => setView('code')} /> Code
          </label>
        </div>
      )}
      {view === 'diff' && previous ? (
        <DiffViewer original={previous.code} modified={code} language="python" controls />
      ) : (
        <CodeViewer code={code} language="python" />
      )}
    </div>
  );
}
