'use client';
// The evolution page's body: program complexity over iterations (paper Figure 3), edit
// composition over iterations (default definitions, chosen scope) and the lineage shape.
import { cyclingResponseSchema, evolutionResponseSchema } from '@/lib/contracts/api/analyses';
import type { CyclingScope } from '@/lib/contracts/analysisTypes';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { ReportStatus } from '../analysis/ReportStatus';
import { Stat } from '../analysis/Stat';
import { usePolledReport } from '../analysis/usePolledReport';
import { formatCount, formatShare, shortId } from '../ui/format';
import { ComplexityChart } from './ComplexityChart';
import { CompositionChart } from './CompositionChart';
import { DepthHistogram } from './DepthHistogram';

export const COMPLEXITY_DEFINITION =
  'Measured on tree-sitter syntax trees (Python, C/C++/CUDA; line-based for other languages), every program of the run, per iteration bucket. ' +
  'Lines of code: lines with code outside comments and docstrings. Numeric literals: the grammar’s number tokens (not in strings or comments). ' +
  'Tunable literals: numeric literals a Bayesian-optimisation pass could tune (not 0/±1, indices, sizes, bit operations, table entries, seeds or shapes; paper B.9). ' +
  'Line: median per bucket; dashed: mean.';

export function EvolutionView({ runId, scope }: { runId: string; scope: CyclingScope }) {
  const evo = usePolledReport(`/api/runs/${runId}/evolution`, evolutionResponseSchema, { packed: true });
  const cyc = usePolledReport(`/api/runs/${runId}/cycling?definitions=default&scope=${scope}`, cyclingResponseSchema, { packed: true });
  const report = evo.status === 'ready' ? evo.data : null;
  return (
    <section data-testid="evolution-view" data-state={evo.status} aria-busy={evo.status !== 'ready'}>
      <ReportStatus state={evo} what="the evolution report" />
      {report && (
        <>
          <dl className="stats" aria-label="Lineage headline figures">
            <Stat label="Lineage depth of final best" id="evo-depth">
              {report.lineage.finalBestDepth ?? '—'}
            </Stat>
            <Stat label="Dead-branch share" id="evo-dead-branch">
              {formatShare(report.lineage.deadBranchShare)}
            </Stat>
            <Stat label="Final best">
              <span className="mono" style={{ fontSize: '0.85rem' }} title={report.lineage.finalBestId ?? undefined}>
                {report.lineage.finalBestId ? shortId(report.lineage.finalBestId) : '—'}
              </span>
            </Stat>
            <Stat label="Programs measured">{formatCount(report.complexity.programs)}</Stat>
            <Stat label="Parse errors" hint="Programs whose syntax tree has errors: counts come from tree-sitter's recovery">
              {formatCount(report.complexity.parseErrors)}
            </Stat>
            <Stat label="Iterations per bucket">{formatCount(report.complexity.bucketSize)}</Stat>
          </dl>
          <h2>What gets evolved</h2>
          <div className="analysis-grid-3">
            <ComplexityChart buckets={report.complexity.buckets} measure="loc" />
            <ComplexityChart buckets={report.complexity.buckets} measure="numericLiterals" />
            <ComplexityChart buckets={report.complexity.buckets} measure="tunableLiterals" />
          </div>
          <DefinitionNote>{COMPLEXITY_DEFINITION}</DefinitionNote>
        </>
      )}
      <h2>Edit composition over iterations</h2>
      <ReportStatus state={cyc} what="edit composition" />
      {cyc.status === 'ready' && <CompositionChart slices={cyc.data.compositionOverTime} definitions="Evoscope default definitions (language-aware comment stripping, canonical order; lib/analysis/README.md)." />}
      {report && (
        <>
          <h2>Lineage depth</h2>
          <DepthHistogram histogram={report.lineage.depthHistogram} />
        </>
      )}
    </section>
  );
}
