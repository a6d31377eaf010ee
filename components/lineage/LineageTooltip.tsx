// The hover summary of a node, anchored where sigma draws it.
import type { LineageLayout } from '@/lib/analysis/lineageLayout';
import type { GraphLineage, RunGraph } from '@/lib/contracts/api/graph';
import { formatScore } from '../ui/format';
import styles from './Lineage.module.css';

export function LineageTooltip({
  graph,
  layout,
  lineage,
  hover,
}: {
  graph: RunGraph;
  layout: LineageLayout;
  lineage: GraphLineage | null;
  hover: { node: number; x: number; y: number };
}) {
  const i = hover.node;
  const ghost = i >= graph.count;
  return (
    <div className={styles.tooltip} style={{ left: hover.x, top: hover.y }} role="tooltip" data-testid="lineage-tooltip">
      {ghost ? (
        <>
          <span className="mono">{layout.ghostIds[i - graph.count]}</span>
          <br />
          not in archive
        </>
      ) : (
        <>
          <span className="mono">{graph.externalIds[i]}</span>
          <br />
          iteration {graph.iteration[i] ?? '—'} · island {graph.island[i] ?? '—'}
          <br />
          {graph.rejected.includes(i) ? 'rejected' : graph.valid[i] ? `${graph.scoreMetric ?? 'score'} ${formatScore(graph.score[i])} · valid` : 'invalid'} · depth{' '}
          {lineage?.depth[i] ?? '—'}
        </>
      )}
    </div>
  );
}
