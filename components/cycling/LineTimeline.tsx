'use client';
// VISUALISE: one cycled line's removals (red, above) and re-additions (green, below) over the
// run's iterations. Each marker is a link to the diff of the edit that made it.
import { useMemo } from 'react';
import type { HistoryEntry } from '@/lib/contracts/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { useElementWidth } from '../chart/useElementWidth';
import { editDiffHref } from './diffHref';
import { prepareTimeline, TIMELINE_HEIGHT } from './timelineModel';

const COLOURS = { removed: '#c22a2a', added: '#1f7a45' } as const;

export function LineTimeline({
  runId,
  history,
  domain,
  programIds,
  definitions,
  scope,
}: {
  runId: string;
  history: HistoryEntry[];
  domain: [number, number];
  programIds: Record<string, string>;
  definitions: Definitions;
  scope: CyclingScope;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const t = useMemo(() => (width > 0 ? prepareTimeline(history, domain, width) : null), [history, domain, width]);
  return (
    <div ref={ref} className="cycling-timeline" data-testid="line-timeline" style={{ minHeight: TIMELINE_HEIGHT + 6 }}>
      {t && (
        <svg width={t.width} height={t.height + 6} role="group" aria-label="Removals and re-additions of this line over iterations">
          <line x1={t.left} x2={t.right} y1={t.axisY} y2={t.axisY} stroke="#9a9da3" />
          {t.ticks.map((k) => (
            <g key={k.label} aria-hidden="true">
              <line x1={k.pos} x2={k.pos} y1={t.axisY - 2} y2={t.axisY + 2} stroke="#9a9da3" />
              <text x={k.pos} y={t.height + 2} textAnchor="middle" fontSize={10} fill="#62666d">
                {k.label}
              </text>
            </g>
          ))}
          {t.spans.map((s) => (
            <line key={s.key} x1={s.x1} x2={s.x2} y1={t.axisY} y2={t.axisY} stroke="#e07b00" strokeWidth={3} opacity={0.5} aria-hidden="true" />
          ))}
          {t.markers.map((m) => {
            const uuid = programIds[m.childId];
            const label = `${m.kind === 'removed' ? 'removed' : 'added'} by ${m.childId} at iteration ${m.iteration}`;
            const shape =
              m.kind === 'removed' ? (
                <path d={`M${m.x - 4} ${m.y - 3} L${m.x + 4} ${m.y - 3} L${m.x} ${m.y + 4} Z`} fill={COLOURS.removed} />
              ) : (
                <path d={`M${m.x - 4} ${m.y + 3} L${m.x + 4} ${m.y + 3} L${m.x} ${m.y - 4} Z`} fill={COLOURS.added} />
              );
            return uuid ? (
              <a key={m.key} href={editDiffHref(runId, uuid, definitions, scope)} aria-label={`${label}: open the diff`} data-testid={`timeline-${m.kind}`} className="cycling-marker">
                <title>{`${label} (open the diff)`}</title>
                <circle cx={m.x} cy={m.y} r={7} fill="transparent" />
                {shape}
              </a>
            ) : (
              <g key={m.key} data-testid={`timeline-${m.kind}`}>
                <title>{label}</title>
                {shape}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
