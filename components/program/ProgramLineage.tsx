// Parents and children of a program. A ghost parent (named by the archive, not in it) is shown
// as such instead of being dropped.
import Link from 'next/link';
import type { ProgramRelative } from '@/lib/contracts/api/programs';
import { formatScore, shortId } from '../ui/format';

function Relative({ runId, p }: { runId: string; p: ProgramRelative }) {
  if (!p.id) {
    return (
      <li>
        <span className="mono">{shortId(p.externalId, 24)}</span> <span className="tag">not in archive</span>
      </li>
    );
  }
  return (
    <li>
      <Link href={`/runs/${runId}/programs/${p.id}`} className="mono" title={p.externalId}>
        {shortId(p.externalId, 24)}
      </Link>{' '}
      <span className="muted">
        it {p.iteration ?? '—'} · {p.rejected ? 'rejected' : p.valid ? formatScore(p.score) : 'invalid'}
        {p.operator ? ` · ${p.operator}` : ''}
      </span>
    </li>
  );
}

export function ProgramLineage({
  runId,
  parents,
  children,
  childCount,
}: {
  runId: string;
  parents: ProgramRelative[];
  children: ProgramRelative[];
  childCount: number;
}) {
  return (
    <>
      <h3>Parents</h3>
      {parents.length ? (
        <ul className="plain" aria-label="Parents">
          {parents.map((p, i) => (
            <Relative key={`${p.externalId}-${i}`} runId={runId} p={p} />
          ))}
        </ul>
      ) : (
        <p className="muted">None: a seed program.</p>
      )}
      <h3>Children{childCount ? ` (${childCount})` : ''}</h3>
      {children.length ? (
        <ul className="plain" aria-label="Children">
          {children.map((c, i) => (
            <Relative key={`${c.externalId}-${i}`} runId={runId} p={c} />
          ))}
          {childCount > children.length && <li className="muted">… and {childCount - children.length} more</li>}
        </ul>
      ) : (
        <p className="muted">No children.</p>
      )}
    </>
  );
}
