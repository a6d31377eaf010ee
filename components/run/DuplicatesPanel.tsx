'use client';
// The run overview's "Duplicates by behaviour": how many programs repeat an earlier one's code
// (textual) or its behaviour with new code (behavioural), the share of the budget each took, and
// the largest groups of programs that behave alike with differing code, linked to the programs.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { duplicatesResponseSchema, duplicatesUrl, type DuplicatesResponse } from '@/lib/contracts/api/duplicates';
import { formatCount, formatShare } from '../ui/format';
import { formatCost } from './costFormat';
import { apiFetch } from '../ui/apiFetch';
import { Table } from '../ui/Table';

const BASIS: Record<string, string> = { outputHash: 'output hash', outputs: 'per-test outputs', scoresPerTest: 'scores_per_test' };
const SHOWN = 5;

function budget(d: DuplicatesResponse, v: number) {
  return d.budgetUnit === 'cost' ? formatCost(v) : `${formatCount(v)} programs`;
}

export function DuplicatesPanel({ runId }: { runId: string }) {
  const q = useQuery({
    queryKey: ['duplicates', runId],
    queryFn: ({ signal }) => apiFetch(duplicatesUrl(runId), { schema: duplicatesResponseSchema, packed: true, signal }),
  });
  if (q.isPending) return <p className="muted" role="status">Looking for duplicates…</p>;
  if (q.isError) return <p className="error" role="alert">Could not load duplicates: {q.error.message}</p>;
  const d = q.data;
  const known = d.totals.programs.count - d.totals.withoutBehaviour.count;
  const bases = Object.entries(d.bases).filter(([, n]) => n > 0).map(([b, n]) => `${BASIS[b] ?? b} (${formatCount(n)})`);
  return (
    <section data-testid="duplicates" aria-label="Duplicates by behaviour">
      <dl className="stats">
        <div className="stat" data-testid="dup-textual">
          <dt>Textual duplicates</dt>
          <dd>
            {formatCount(d.totals.textual.count)} <span className="muted" style={{ fontSize: '0.8rem' }}>{formatShare(d.share.textual)} of budget</span>
          </dd>
        </div>
        <div className="stat" data-testid="dup-behavioural">
          <dt>Behavioural duplicates</dt>
          <dd>
            {formatCount(d.totals.behavioural.count)} <span className="muted" style={{ fontSize: '0.8rem' }}>{formatShare(d.share.behavioural)} of budget</span>
          </dd>
        </div>
        <div className="stat">
          <dt>Groups behaving alike, code differing</dt>
          <dd data-testid="dup-groups">{formatCount(d.differingCodeGroupCount)}</dd>
        </div>
      </dl>
      <p className="muted">
        Over the whole run in its order: textual = same code (trailing spaces and blank lines ignored) as an earlier program;
        behavioural = new code, same behaviour as an earlier program. Behaviour known for {formatCount(known)} of {formatCount(d.totals.programs.count)} programs
        {bases.length ? `, by ${bases.join(', ')}` : ''}. Budget: {d.budgetUnit === 'cost' ? `LLM cost of each program’s prompts (${budget(d, d.totals.programs.budget)} in all)` : 'one per program (no prompt has a cost)'}.
      </p>
      {d.groups.length > 0 && (
        <Table
          label="Largest groups of programs behaving alike"
          rows={d.groups}
          rowKey={(_g, i) => i}
          rowProps={() => ({ 'data-testid': 'dup-group' })}
          columns={[
            { key: 'size', header: 'Programs', numeric: true, cell: (g) => g.size },
            { key: 'distinct', header: 'Distinct code', numeric: true, cell: (g) => g.distinctCode },
            { key: 'budget', header: 'Budget', numeric: true, cell: (g) => budget(d, g.budget) },
            { key: 'by', header: 'By', cell: (g) => BASIS[g.basis] },
            {
              key: 'programs',
              header: 'Programs (first = the original)',
              className: 'wrap',
              cell: (g) => (
                <>
                  {g.programs.slice(0, SHOWN).map((p, j) => (
                    <span key={p.id}>
                      {j > 0 && ', '}
                      <Link href={`/runs/${runId}/programs/${p.id}`} className="mono">{p.externalId}</Link>
                    </span>
                  ))}
                  {g.programs.length > SHOWN && <span className="muted"> and {g.programs.length - SHOWN} more</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
