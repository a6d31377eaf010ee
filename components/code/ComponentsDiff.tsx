'use client';
// The diff of a components program per component (componentDiffModel.ts prepares the pairs):
// changed, added and removed components each get their own diff; unchanged ones are listed.
import { useMemo } from 'react';
import { componentPairs } from './componentDiffModel';
import { DiffViewer } from './DiffViewer';

const WORD = { changed: 'changed', added: 'added', removed: 'removed', same: 'unchanged' } as const;

export function ComponentsDiff({ original, modified }: { original: string; modified: string }) {
  const pairs = useMemo(() => componentPairs(original, modified), [original, modified]);
  if (!pairs) return null;
  const same = pairs.filter((p) => p.change === 'same');
  return (
    <div data-testid="components-diff">
      {pairs
        .filter((p) => p.change !== 'same')
        .map((p) => (
          <section key={p.name} aria-label={`Component ${p.name}`} data-testid="component-diff" data-change={p.change}>
            <h3 className="mono" style={{ margin: '0.6rem 0 0.3rem', fontSize: '0.95rem' }}>
              {p.name} <span className={p.change === 'changed' ? 'tag' : 'tag warn'}>{WORD[p.change]}</span>
            </h3>
            <DiffViewer original={p.original} modified={p.modified} language={null} />
          </section>
        ))}
      {same.length > 0 && (
        <p className="muted" data-testid="components-unchanged">
          Unchanged: {same.map((p) => p.name).join(', ')}
        </p>
      )}
      {same.length === pairs.length && <p className="muted">No component changed.</p>}
    </div>
  );
}
