'use client';
// The most cycled lines; each row opens a timeline of the line's removals and re-additions.
import { Fragment, useState } from 'react';
import type { TopLine } from '@/lib/contracts/api/analyses';
import { median } from '@/lib/analysis/stats';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { formatScore } from '../ui/format';
import { LineTimeline } from './LineTimeline';

export function TopLinesTable({
  runId,
  lines,
  domain,
  programIds,
  definitions,
  scope,
}: {
  runId: string;
  lines: TopLine[];
  domain: [number, number];
  programIds: Record<string, string>;
  definitions: Definitions;
  scope: CyclingScope;
}) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  if (lines.length === 0) return <p className="panel muted">No line was re-added under these definitions.</p>;
  const toggle = (i: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(i)) n.delete(i);
      else n.add(i);
      return n;
    });
  return (
    <div className="table-wrap">
      <table className="data cycling-lines" aria-label="Most cycled lines">
        <thead>
          <tr>
            <th scope="col" className="num">#</th>
            <th scope="col">Line (normalised)</th>
            <th scope="col" className="num" title="Additions paired with an earlier removal (an edit adding the line twice counts once), so never more than Additions">Re-additions</th>
            <th scope="col" className="num">Additions</th>
            <th scope="col" className="num">Removals</th>
            <th scope="col" className="num">Median span</th>
            <th scope="col">Timeline</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const id = `cycled-line-${i}`;
            const removals = l.history.filter((h) => h.kind === 'removed').length;
            const additions = l.history.length - removals;
            return (
              <Fragment key={i}>
                <tr data-testid="top-line-row">
                  <td className="num">{i + 1}</td>
                  <td className="wrap">
                    <code className="cycling-line">{l.line}</code>
                  </td>
                  <td className="num">{l.spans.length}</td>
                  <td className="num">{additions}</td>
                  <td className="num">{removals}</td>
                  <td className="num">{formatScore(median(l.spans))}</td>
                  <td>
                    <button type="button" aria-expanded={open.has(i)} aria-controls={id} onClick={() => toggle(i)}>
                      {open.has(i) ? 'Hide timeline' : 'Show timeline'}
                    </button>
                  </td>
                </tr>
                {open.has(i) && (
                  <tr id={id} className="cycling-timeline-row">
                    <td colSpan={7}>
                      <LineTimeline runId={runId} history={l.history} domain={domain} programIds={programIds} definitions={definitions} scope={scope} />
                      <p className="muted cycling-timeline-legend">
                        ▼ removal (above the axis) · ▲ addition (below; a re-addition when an earlier removal pairs with it under this scope) · orange: from a removal to the next addition. Click a marker to open that edit’s diff.
                      </p>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
