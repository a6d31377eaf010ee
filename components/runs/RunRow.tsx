'use client';
// One row of the runs list, with its own rename and tag editors (Enter saves, Escape cancels).
import Link from 'next/link';
import { useState } from 'react';
import type { RunSummary } from '@/lib/contracts/api/runs';
import { shortRunId } from '@/lib/contracts/runOrigin';
import { costTitle, formatCost } from '../run/costFormat';
import { formatCount, formatDate, formatScore, formatShare } from '../ui/format';
import type { RowAttrs } from '../ui/Table';
import { parseTags, patchRun } from './runMutations';

type Editing = 'name' | 'tags' | null;

export function RunRow({
  run: r,
  selected,
  onSelect,
  onChanged,
  onDelete,
  inGroup,
  attrs,
}: {
  run: RunSummary;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onChanged: () => void;
  onDelete: () => void;
  inGroup?: boolean;
  /** The table's row attributes (keyboard rows: components/ui/Table.tsx). */
  attrs?: RowAttrs;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = (what: Exclude<Editing, null>) => {
    setEditing(what);
    setText(what === 'name' ? r.name : r.tags.join(', '));
    setError(null);
  };
  const save = async () => {
    setBusy(true);
    try {
      await patchRun(r.id, editing === 'name' ? { name: text } : { tags: parseTags(text) });
      setEditing(null);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const editor = (label: string, placeholder?: string) => (
    <form
      className="row run-edit"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        type="text"
        aria-label={label}
        value={text}
        placeholder={placeholder}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
      />
      <button type="submit" disabled={busy}>
        Save
      </button>
      <button type="button" onClick={() => setEditing(null)}>
        Cancel
      </button>
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </form>
  );

  return (
    <tr {...attrs} data-testid="run-row" className={[attrs?.className, inGroup && 'in-group'].filter(Boolean).join(' ') || undefined}>
      <td className="wrap">
        {editing === 'name' ? (
          editor(`New name for ${r.name}`)
        ) : (
          <>
            <Link href={`/runs/${r.id}`}>{r.name}</Link>{' '}
            {/* Runs of one name (the same data uploaded twice) are told apart by it. */}
            <code className="run-short-id" data-testid="run-short-id" title={`run id ${r.id}`}>
              {shortRunId(r.id)}
            </code>
          </>
        )}
        {editing === 'tags'
          ? editor(`Tags for ${r.name}`, 'comma, separated')
          : r.tags.length > 0 && (
              <div className="run-tags" aria-label={`Tags of ${r.name}`}>
                {r.tags.map((t) => (
                  <span key={t} className="tag" data-testid="run-tag">
                    {t}
                  </span>
                ))}
              </div>
            )}
      </td>
      <td>{r.framework}</td>
      <td className="wrap">{r.task ?? '—'}</td>
      <td>{r.language ?? '—'}</td>
      <td className="num">{formatCount(r.programCount)}</td>
      <td className="num" title={
        [r.unevaluatedCount ? `${formatCount(r.unevaluatedCount)} not evaluated` : '', r.rejectedCount ? `${formatCount(r.rejectedCount)} rejected by the search` : '']
          .filter(Boolean).join(' · ') || undefined
      }>
        {formatShare(r.validShare)}
      </td>
      <td className="num" data-testid="best-score">
        {formatScore(r.bestScore)}
        {r.scoreMetric && (
          <span className="muted metric-name" data-testid="best-score-metric">
            {' '}
            {r.scoreMetric}
            {r.higherIsBetter ? '' : ' (min)'}
          </span>
        )}
      </td>
      <td className="num" data-testid="run-cost" title={costTitle(r.costBasis)}>
        {formatCost(r.costTotal)}
      </td>
      <td className="num" data-testid="run-tokens" title={costTitle(r.tokensBasis)}>
        {r.totalTokens == null ? '—' : formatCount(r.totalTokens)}
      </td>
      <td className="date">
        {formatDate(r.importedAt)}
        <span className="muted run-origin" data-testid="run-origin">
          {r.origin}
        </span>
      </td>
      <td className="compare">
        <input type="checkbox" aria-label={`Select ${r.name} for comparison`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className="run-actions">
        <div className="run-actions-stack">
          <button type="button" aria-label={`Rename ${r.name}`} onClick={() => start('name')}>
            Rename
          </button>
          <button type="button" aria-label={`Edit tags of ${r.name}`} onClick={() => start('tags')}>
            Tags
          </button>
          <button type="button" className="danger" aria-label={`Delete ${r.name}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
