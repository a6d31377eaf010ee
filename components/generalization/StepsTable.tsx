'use client';
// One row per step of the best-so-far chain. Keyboard: Tab reaches the table, the arrow keys
// (and Home/End) move between rows, the focused row is highlighted in the chart, Enter opens
// the program.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, type KeyboardEvent } from 'react';
import type { RunGeneralizationResponse } from '@/lib/contracts/api/generalization';
import { formatScore, formatSigned } from '../ui/format';

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
  const router = useRouter();
  const body = useRef<HTMLTableSectionElement>(null);
  const focusRow = (i: number) => (body.current?.rows[Math.max(0, Math.min(steps.length - 1, i))] as HTMLElement | undefined)?.focus();
  const onKey = (e: KeyboardEvent<HTMLTableRowElement>, i: number) => {
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: steps.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      focusRow(to);
    } else if (e.key === 'Enter' && e.target === e.currentTarget) {
      router.push(`/runs/${runId}/programs/${steps[i].programId}`);
    }
  };
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Chain steps">
        <caption className="muted" style={{ textAlign: 'left', padding: '0.4rem 0.7rem' }}>
          The public best-so-far chain, one row per program; changes are from the previous step with a value ({higherIsBetter ? 'higher' : 'lower'} is better).
          Arrow keys move between rows, Enter opens the program.
        </caption>
        <thead>
          <tr>
            <th className="num">Step</th>
            <th className="num">Iteration</th>
            <th>Program</th>
            <th className="num">Public</th>
            <th className="num">Private</th>
            <th className="num">Δ public</th>
            <th className="num">Δ private</th>
            <th>Overfit step?</th>
          </tr>
        </thead>
        <tbody ref={body} onBlur={() => onFocusStep(null)}>
          {steps.map((s, i) => (
            <tr
              key={s.programId}
              tabIndex={0}
              data-testid="chain-step"
              data-overfit={s.overfit}
              onFocus={() => onFocusStep(s.index)}
              onKeyDown={(e) => onKey(e, i)}
            >
              <td className="num">{s.index}</td>
              <td className="num">{s.iteration}</td>
              <td>
                <Link href={`/runs/${runId}/programs/${s.programId}`} prefetch={false} className="mono" tabIndex={-1}>
                  {s.externalId}
                </Link>
              </td>
              <td className="num" title={s.publicSource === 'recorded' ? 'no public re-run: the recorded score' : 'public re-run'}>
                {formatScore(s.public)}
                {s.publicSource === 'recorded' && <span className="muted"> (recorded)</span>}
              </td>
              <td className="num" title={s.privateMissing ?? 'private re-run'}>
                {s.private === null ? <span className="muted">{s.privateMissing}</span> : formatScore(s.private)}
              </td>
              <td className={`num ${tone(s.dPublic, higherIsBetter) ?? ''}`}>{formatSigned(s.dPublic)}</td>
              <td className={`num ${tone(s.dPrivate, higherIsBetter) ?? ''}`}>{formatSigned(s.dPrivate)}</td>
              <td>{s.overfit ? <span className="tag bad">overfit</span> : <span className="muted">no</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
