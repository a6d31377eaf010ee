// Who made a program (model, operator, tokens, cost: ProgramRecord.origin) and the programs the
// LLM was shown as context when it was made. Context refs are not parents: listed apart from the
// lineage, each linked when it is in the run.
import Link from 'next/link';
import type { ProgramContextRef, ProgramOriginView } from '@/lib/contracts/api/programs';
import { formatCost } from '../run/costFormat';
import { formatCount, formatScore, shortId } from '../ui/format';

export function ProgramOrigin({ origin }: { origin: ProgramOriginView | null }) {
  if (!origin) return null;
  const rows: [string, string][] = [
    ['Model', origin.model ?? '—'],
    ['Operator', origin.operator ?? '—'],
    ['Prompt tokens', formatCount(origin.promptTokens)],
    ['Completion tokens', formatCount(origin.completionTokens)],
    ['Cost', formatCost(origin.cost)],
  ];
  return (
    <>
      <h3>Made by</h3>
      <dl data-testid="program-origin" style={{ margin: 0 }}>
        {rows.map(([k, v]) => (
          <div key={k} className="row" style={{ gap: '0.5rem' }}>
            <dt className="muted">{k}</dt>
            <dd style={{ margin: 0 }} className={k === 'Model' || k === 'Operator' ? 'mono' : undefined} data-field={k.toLowerCase()}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function ProgramContextRefs({ runId, refs }: { runId: string; refs: ProgramContextRef[] }) {
  if (!refs.length) return null;
  return (
    <>
      <h3>Shown as context ({refs.length})</h3>
      <p className="muted" style={{ fontSize: '0.8rem', margin: '0 0 0.3rem' }}>
        Programs the LLM saw when it made this one; not parents, not in the lineage.
      </p>
      <ul className="plain" aria-label="Context programs" data-testid="context-refs">
        {refs.map((r, i) => (
          <li key={`${r.externalId}-${i}`}>
            {r.id ? (
              <Link href={`/runs/${runId}/programs/${r.id}`} className="mono" title={r.externalId}>
                {shortId(r.externalId, 24)}
              </Link>
            ) : (
              <>
                <span className="mono">{shortId(r.externalId, 24)}</span> <span className="tag">not in archive</span>
              </>
            )}{' '}
            <span className="muted">
              {r.label ? `${r.label} · ` : ''}
              {r.id ? `it ${r.iteration ?? '—'} · ${r.rejected ? 'rejected' : r.valid ? formatScore(r.score) : 'invalid'}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
