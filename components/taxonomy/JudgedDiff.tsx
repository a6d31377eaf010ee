'use client';
// The diff page's editor with the edit's labels above it: the chosen judge's evidence lines
// (child lines that drove a label) are marked in the editor; a chip narrows the marks to that
// label and scrolls to its first line. ?judge= picks the judge first shown.
import { useMemo, useState } from 'react';
import type { EditLabel } from '@/lib/contracts/editLabels';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { DiffViewer } from '../code/DiffViewer';
import { ReaddedDiff } from '../diffmarks/ReaddedDiff';
import { JudgementsPanel, useProgramJudgements } from './EditJudgementsPanel';
import { evidenceDecorations, firstEvidenceLine } from './evidenceModel';

interface Props {
  runId: string;
  programId: string;
  childExternalId: string;
  original: string;
  modified: string;
  language: string | null;
  /** The diff is the program's own edit (against its first parent): re-added lines and evidence are marked. */
  ownEdit: boolean;
  definitions: Definitions;
  scope: CyclingScope;
  initialJudge: string | null;
}

export function JudgedDiff(p: Props) {
  const q = useProgramJudgements(p.runId, p.programId);
  const judgements = q.data?.judgements ?? [];
  const [pick, setPick] = useState<{ judge: string; label: EditLabel | null } | null>(null);
  // Until the reader picks: the judge of ?judge= when it judged this edit, else the first.
  const active = pick?.judge ?? judgements.find((j) => j.judge === p.initialJudge)?.judge ?? judgements[0]?.judge ?? null;
  const label = pick?.label ?? null;
  const evidence = judgements.find((j) => j.judge === active && j.status === 'judged')?.evidence ?? null;
  const decorations = useMemo(() => (p.ownEdit && evidence ? evidenceDecorations(evidence, label) : []), [p.ownEdit, evidence, label]);
  const [reveal, setReveal] = useState<{ line: number } | null>(null);
  const onPick = (judge: string, l: EditLabel | null) => {
    setPick({ judge, label: l });
    const ev = judgements.find((j) => j.judge === judge)?.evidence;
    const line = ev ? firstEvidenceLine(ev, l) : null;
    if (line !== null) setReveal({ line });
  };
  return (
    <>
      {q.isError && (
        <p className="error" role="alert">
          Could not load the edit&apos;s labels: {q.error.message}
        </p>
      )}
      {q.data && <JudgementsPanel runId={p.runId} judgements={judgements} active={active} selected={label} onPick={onPick} ownEdit={p.ownEdit} />}
      {p.ownEdit ? (
        <ReaddedDiff
          runId={p.runId}
          childExternalId={p.childExternalId}
          original={p.original}
          modified={p.modified}
          language={p.language}
          definitions={p.definitions}
          scope={p.scope}
          controls
          extraDecorations={decorations}
          revealLine={reveal}
        />
      ) : (
        <DiffViewer original={p.original} modified={p.modified} language={p.language} controls />
      )}
    </>
  );
}
