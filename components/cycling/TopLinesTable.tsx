'use client';
// The most cycled lines; each row opens a timeline of the line's removals and re-additions.
import { useState } from 'react';
import type { TopLine } from '@/lib/contracts/api/analyses';
import { median } from '@/lib/analysis/stats';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { formatScore } from '../ui/format';
import { LineTimeline } from './LineTimeline';
import { Table } from '../ui/Table';

const removals = (l: TopLine) => l.history.filter((h) => h.kind === 'removed').length;

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
    <Table
      label="Most cycled lines"
      className="cycling-lines"
      rows={lines}
      rowKey={(_l, i) => i}
      rowProps={() => ({ 'data-testid': 'top-line-row' })}
      after={(l, i) =>
        open.has(i) && (
          <tr id={`cycled-line-${i}`} className="cycling-timeline-row">
            <td colSpan={7}>
              <LineTimeline runId={runId} history={l.history} domain={domain} programIds={programIds} definitions={definitions} scope={scope} />
              <p className="muted cycling-timeline-legend">
                ▼ removal (above the axis) · ▲ addition (below; a re-addition when an earlier removal pairs with it under this scope) · orange: from a removal to the next addition. Click a marker to open that edit’s diff.
              </p>
            </td>
          </tr>
        )
      }
      columns={[
        { key: 'n', header: '#', numeric: true, cell: (_l, i) => i + 1 },
        { key: 'line', header: 'Line (normalised)', className: 'wrap', cell: (l) => <code className="cycling-line">{l.line}</code> },
        {
          key: 'readditions',
          header: 'Re-additions',
          numeric: true,
          th: { title: 'Additions paired with an earlier removal (an edit adding the line twice counts once), so never more than Additions' },
          cell: (l) => l.spans.length,
        },
        { key: 'additions', header: 'Additions', numeric: true, cell: (l) => l.history.length - removals(l) },
        { key: 'removals', header: 'Removals', numeric: true, cell: (l) => removals(l) },
        { key: 'span', header: 'Median span', numeric: true, cell: (l) => formatScore(median(l.spans)) },
        {
          key: 'timeline',
          header: 'Timeline',
          cell: (_l, i) => (
            <button type="button" aria-expanded={open.has(i)} aria-controls={`cycled-line-${i}`} onClick={() => toggle(i)}>
              {open.has(i) ? 'Hide timeline' : 'Show timeline'}
            </button>
          ),
        },
      ]}
    />
  );
}
