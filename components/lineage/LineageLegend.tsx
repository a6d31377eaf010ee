// What the colours and marks of the lineage explorer mean, with the definitions they show.
import type { GraphLineage } from '@/lib/contracts/api/graph';
import { formatShare } from '../ui/format';
import { PALETTE, type LegendEntry } from './lineageColors';
import type { Emphasis } from './LineageCanvas';
import { Legend, Swatch, type LegendItem } from '../ui/Legend';
import styles from './Lineage.module.css';

export function LineageLegend({
  entries,
  lineage,
  emphasis,
  crossovers,
  agentCandidates = 0,
  contextEdges = null,
}: {
  entries: LegendEntry[];
  lineage: GraphLineage | null;
  emphasis: Emphasis;
  crossovers: number;
  /** How many programs are the eval agent's candidates (drawn as rings of their own colour). */
  agentCandidates?: number;
  /** Which context edges are drawn, when any are. */
  contextEdges?: 'selected' | 'all' | null;
}) {
  return (
    <section aria-label="Legend">
      <Legend
        className={styles.legend}
        itemClassName={styles.item}
        items={[
          ...entries.map((e): LegendItem =>
            e.kind === 'ramp'
              ? {
                  key: e.label,
                  label: (
                    <>
                      {e.label}: {e.from}
                      <Swatch shape="ramp" stops={e.stops} />
                      {e.to}
                      {e.note && <em>({e.note})</em>}
                    </>
                  ),
                  shape: 'none',
                }
              : { key: e.label, label: e.label, color: e.color, shape: e.ring ? 'ring' : 'dot' },
          ),
          agentCandidates > 0 && {
            key: 'agent',
            label: "eval agent's candidate",
            count: agentCandidates,
            color: PALETTE.agentCandidate,
            shape: 'ring',
            testId: 'legend-agent-candidates',
          },
          contextEdges && {
            key: 'context',
            label: `shown as context, not a parent${contextEdges === 'selected' ? ' (selected program)' : ''}`,
            color: PALETTE.contextEdge,
            shape: 'line',
            testId: 'legend-context-edges',
          },
          crossovers > 0 && { key: 'crossovers', label: 'other parents of crossover children', count: crossovers, color: PALETTE.crossoverEdge, shape: 'line' },
          lineage && emphasis.ancestry && { label: 'final best and its ancestry (larger nodes)', color: PALETTE.ancestry, shape: 'line' },
          lineage && emphasis.chain && { label: 'best-so-far chain (largest nodes)', color: PALETTE.chain, shape: 'line' },
          lineage && emphasis.dim && { label: 'faded: dead branches', shape: 'none' },
        ]}
      />
      <p className={styles.definitions}>
        <strong>best-so-far</strong>: strict improvements of the primary score over canonical order, valid programs only.{' '}
        <strong>dead branch</strong>: not the final best or one of its ancestors. <strong>depth</strong>: programs on the
        first-parent chain from a root to the program, both ends counted. The tree places crossover children under their
        first parent.
        {lineage && (
          <>
            {' '}
            Final best at depth {lineage.finalBestDepth ?? '—'}; {formatShare(lineage.deadBranchShare)} of programs are on dead
            branches.
          </>
        )}
      </p>
    </section>
  );
}
