'use client';
// The cycling page's body: headline, charts, most cycled lines, edits and exports, for one
// definition set and scope (chosen in the URL by the page).
import { useMemo } from 'react';
import { cyclingResponseSchema } from '@/lib/contracts/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { ReportStatus } from '../analysis/ReportStatus';
import { usePolledReport } from '../analysis/usePolledReport';
import { ClassSplit } from './ClassSplit';
import { CyclingHeadline } from './CyclingHeadline';
import { EditsTable } from './EditsTable';
import { ExportButtons } from './ExportButtons';
import { SpanHistogram } from './SpanHistogram';
import { TopLinesTable } from './TopLinesTable';
import { TrendChart } from './TrendChart';

export function CyclingView({ runId, definitions, scope }: { runId: string; definitions: Definitions; scope: CyclingScope }) {
  const state = usePolledReport(`/api/runs/${runId}/cycling?definitions=${definitions}&scope=${scope}`, cyclingResponseSchema, { packed: true });
  const report = state.status === 'ready' ? state.data : null;
  const domain = useMemo((): [number, number] => {
    const pts = report?.trend.points ?? [];
    return pts.length ? [pts[0].iteration, pts[pts.length - 1].iteration] : [0, 1];
  }, [report]);
  return (
    <section data-testid="cycling-view" data-state={state.status} data-definitions={definitions} data-scope={scope} aria-busy={state.status !== 'ready'}>
      <ReportStatus state={state} what="the cycling report" />
      {report && (
        <>
          <CyclingHeadline report={report} />
          <ExportButtons runId={runId} report={report} />
          <h2>Recycled share over iterations</h2>
          <TrendChart points={report.trend.points} slope={report.trend.slope} definitionText={report.definitionText} />
          <div className="analysis-grid">
            <div>
              <h2>Re-additions by skeleton: literal / tuning / trivial</h2>
              <ClassSplit
                counts={{ literal: report.summary.literal, tuning: report.summary.tuning, trivial: report.summary.trivial }}
                definitionText={report.definitionText}
                cycleEvents={report.summary.cycleEvents}
                recycledAdded={report.summary.recycledAdded}
              />
            </div>
            <div>
              <h2>Spans</h2>
              <SpanHistogram bins={report.spanHistogram} definitionText={report.definitionText} />
            </div>
          </div>
          <h2>Most cycled lines</h2>
          <TopLinesTable runId={runId} lines={report.topLines} domain={domain} programIds={report.programIds} definitions={definitions} scope={scope} />
          <DefinitionNote>
            The {report.topLines.length} lines with the most additions, as normalised for matching. {report.definitionText}
          </DefinitionNote>
          <h2>Edits</h2>
          <EditsTable key={`${definitions}/${scope}`} runId={runId} definitions={definitions} scope={scope} />
          <DefinitionNote>
            One row per parent→child edit (a child diffed against its first parent). Added / removed: normalised code lines; recycled added: added lines
            paired with an earlier removal; recycled removed: removed lines some later addition was paired with; bucket: edit composition. {report.definitionText}
          </DefinitionNote>
        </>
      )}
    </section>
  );
}
