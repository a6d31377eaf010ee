'use client';
// One row per step of the best-so-far chain. Keyboard: Tab reaches the table, the arrow keys
// (and Home/End) move between rows, the focused row is highlighted in the chart, Enter opens
// the program.
import Link from 'next/link';
import type { RunGeneralizationResponse } from '@/lib/contracts/api/generalization';
import { formatScore, formatSigned } from '../ui/format';
import { Table } from '../ui/Table';

type Step = RunGeneralizationResponse['result']['steps'][number];


/** 'ok' when the change is an improvement in the run's direction, 'bad' when it is a loss. */
const tone = (d: number | null, higherIsBetter: boolean) => (d === null || d === 0 ? undefined : (higherIsBetter ? d > 0 : d < 0) ? 'ok' : 'bad');

export function StepsTable({
  runId,
  steps,
  higherIsBetter,
  onFocusStep,
}: {
  runId: string;
  steps: Step[];
  higherIsBetter: boolean;
  onFocusStep: (index: number | null) => void;
}) {
  return (
    <Table
      label="Chain steps"
      caption={
        <>
          The public best-so-far chain, one row per program; changes are from the previous step with a value ({higherIsBetter ? 'higher' : 'lower'} is better).
          Arrow keys move between rows, Enter opens the program.
        </>
      }
      rows={steps}
      rowKey={(s) => s.programId}
      rowHref={(s) => `/runs/${runId}/programs/${s.programId}`}
      rowProps={(s) => ({
        'data-testid': 'chain-step',
        'data-overfit': s.overfit,
        onFocus: () => onFocusStep(s.index),
        onBlur: () => onFocusStep(null),
      })}
      columns={[
        { key: 'step', header: 'Step', numeric: true, cell: (s) => s.index },
        { key: 'iteration', header: 'Iteration', numeric: true, cell: (s) => s.iteration },
        {
          key: 'program',
          header: 'Program',
          cell: (s) => (
            <Link href={`/runs/${runId}/programs/${s.programId}`} prefetch={false} className="mono" tabIndex={-1}>
              {s.externalId}
            </Link>
          ),
        },
        {
          key: 'public',
          header: 'Public',
          numeric: true,
          td: (s) => ({ title: s.publicSource === 'recorded' ? 'no public re-run: the recorded score' : 'public re-run' }),
          cell: (s) => (
            <>
              {formatScore(s.public)}
              {s.publicSource === 'recorded' && <span className="muted"> (recorded)</span>}
            </>
          ),
        },
        {
          key: 'private',
          header: 'Private',
          numeric: true,
          td: (s) => ({ title: s.privateMissing ?? 'private re-run' }),
          cell: (s) => (s.private === null ? <span className="muted">{s.privateMissing}</span> : formatScore(s.private)),
        },
        { key: 'dPublic', header: 'Δ public', numeric: true, td: (s) => ({ className: tone(s.dPublic, higherIsBetter) }), cell: (s) => formatSigned(s.dPublic) },
        { key: 'dPrivate', header: 'Δ private', numeric: true, td: (s) => ({ className: tone(s.dPrivate, higherIsBetter) }), cell: (s) => formatSigned(s.dPrivate) },
        { key: 'overfit', header: 'Overfit step?', cell: (s) => (s.overfit ? <span className="tag bad">overfit</span> : <span className="muted">no</span>) },
      ]}
    />
  );
}
