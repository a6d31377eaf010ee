'use client';
// Every judge's labels for one edit (GET .../programs/[programId]/judgements): chips, the
// rationale, and the lines that drove each label. Used on the diff page (chips select whose
// evidence the editor marks) and, compact, in the lineage side panel.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { programJudgementsSchema, type ProgramJudgements } from '@/lib/contracts/api/taxonomySchemas';
import { apiFetch } from '../ui/apiFetch';
import { lineRanges } from './evidenceModel';
import { LabelChip, LabelChips } from './LabelChips';
import { judgeTitle } from './taxonomyUrls';

export type Judgement = ProgramJudgements['judgements'][number];

export function useProgramJudgements(runId: string, programId: string | null) {
  return useQuery({
    queryKey: ['program-judgements', runId, programId],
    queryFn: ({ signal }) => apiFetch(`/api/runs/${runId}/programs/${programId}/judgements`, { schema: programJudgementsSchema, signal }),
    enabled: programId !== null,
  });
}

/** Compact: one line of chips per judge (the lineage panel). */
export function JudgementChips({ runId, programId }: { runId: string; programId: string }) {
  const q = useProgramJudgements(runId, programId);
  if (q.isError) return <p className="error">Could not load the edit&apos;s labels: {q.error.message}</p>;
  if (!q.data) return <p className="muted" role="status">Loading labels…</p>;
  if (q.data.judgements.length === 0) return <p className="muted" data-testid="edit-labels">No judge has labelled this edit yet.</p>;
  return (
    <div data-testid="edit-labels">
      {q.data.judgements.map((j) => (
        <p key={j.judge} style={{ margin: '0.2rem 0', fontSize: '0.85rem' }} title={j.rationale}>
          <span className="muted">{judgeTitle(j.judge)}: </span>
          {j.status === 'judged' ? <LabelChips labels={j.labels} /> : <span className="muted">not judged ({j.reason})</span>}
        </p>
      ))}
      <Link href={`/runs/${runId}/taxonomy`} style={{ fontSize: '0.85rem' }}>
        Edit types of this run
      </Link>
    </div>
  );
}

/**
 * Full: per judge, chips (buttons: which label's evidence to mark), the rationale, and per label
 * the child lines added and the parent lines removed that drove it.
 */
export function JudgementsPanel({
  runId,
  judgements,
  active,
  selected,
  onPick,
  ownEdit,
}: {
  runId: string;
  judgements: Judgement[];
  /** The judge whose evidence the editor marks. */
  active: string | null;
  selected: EditLabel | null;
  onPick: (judge: string, label: EditLabel | null) => void;
  /** False when the diff shown is not the edit the labels describe (another program picked). */
  ownEdit: boolean;
}) {
  return (
    <section className="panel" aria-label="Edit types" data-testid="edit-judgements" style={{ margin: '0.6rem 0' }}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <strong>Edit types</strong>
        <Link href={`/runs/${runId}/taxonomy`} style={{ fontSize: '0.85rem' }}>
          Edit types of this run
        </Link>
      </div>
      {!ownEdit && <p className="muted">These labels describe the edit from the program&apos;s first parent, not the comparison shown.</p>}
      {judgements.length === 0 && <p className="muted">No judge has labelled this edit yet.</p>}
      {judgements.map((j) => (
        <div key={j.judge} data-testid="judgement" data-judge={j.judge} style={{ marginTop: '0.4rem' }}>
          <div className="row" style={{ gap: '0.4rem' }}>
            <label className="muted" style={{ fontSize: '0.85rem' }}>
              <input type="radio" name="evidence-judge" checked={active === j.judge} onChange={() => onPick(j.judge, null)} disabled={!ownEdit} />{' '}
              {judgeTitle(j.judge)}
            </label>
            {j.status === 'judged' ? (
              j.labels.length ? (
                j.labels.map((l) => (
                  <LabelChip
                    key={l}
                    label={l}
                    pressed={active === j.judge && selected === l}
                    onClick={ownEdit ? () => onPick(j.judge, active === j.judge && selected === l ? null : l) : undefined}
                  />
                ))
              ) : (
                <span className="muted">no label</span>
              )
            ) : (
              <span className="muted">not judged: {j.reason}</span>
            )}
          </div>
          {j.rationale && <p style={{ margin: '0.2rem 0 0', fontSize: '0.85rem' }}>{j.rationale}</p>}
          {j.status === 'judged' && (
            <ul className="plain" aria-label={`Evidence of ${judgeTitle(j.judge)}`} style={{ fontSize: '0.8rem' }}>
              {j.labels.map((l) => {
                const ev = j.evidence[l];
                if (!ev || (ev.added.length === 0 && ev.removed.length === 0)) return null;
                return (
                  <li key={l} data-testid="evidence-item" data-label={l}>
                    <span className="muted">{LABEL_TITLES[l]}:</span>
                    {ev.added.length > 0 && <> added child lines {lineRanges(ev.added)}</>}
                    {ev.added.length > 0 && ev.removed.length > 0 && ';'}
                    {ev.removed.length > 0 && <> removed parent lines {lineRanges(ev.removed)}</>}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
