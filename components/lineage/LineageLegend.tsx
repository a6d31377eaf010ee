// What the colours and marks of the lineage explorer mean, with the definitions they show.
import type { GraphLineage } from '@/lib/contracts/api/graph';
import { formatShare } from '../ui/format';
import { PALETTE, type LegendEntry } from './lineageColors';
import type { Emphasis } from './LineageCanvas';
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
      <div className={styles.legend}>
        {entries.map((e) =>
          e.kind === 'ramp' ? (
            <span key={e.label} className={styles.item}>
              {e.label}: {e.from}
              <span className={styles.ramp} style={{ background: `linear-gradient(to right, ${e.stops.join(', ')})` }} aria-hidden="true" />
              {e.to}
              {e.note && <em>({e.note})</em>}
            </span>
          ) : (
            <span key={e.label} className={styles.item}>
              <span
                className={e.ring ? styles.ring : styles.dot}
                style={e.ring ? { borderColor: e.color } : { background: e.color }}
                aria-hidden="true"
              />
              {e.label}
            </span>
          ),
        )}
        {agentCandidates > 0 && (
          <span className={styles.item} data-testid="legend-agent-candidates">
            <span className={styles.ring} style={{ borderColor: PALETTE.agentCandidate }} aria-hidden="true" />
            eval agent&apos;s candidate ({agentCandidates.toLocaleString('en-US')})
          </span>
        )}
        {contextEdges && (
          <span className={styles.item} data-testid="legend-context-edges">
            <span className={styles.line} style={{ borderColor: PALETTE.contextEdge }} aria-hidden="true" />
            shown as context, not a parent{contextEdges === 'selected' ? ' (selected program)' : ''}
          </span>
        )}
        {crossovers > 0 && (
          <span className={styles.item}>
            <span className={styles.line} style={{ borderColor: PALETTE.crossoverEdge }} aria-hidden="true" />
            other parents of crossover children ({crossovers.toLocaleString('en-US')})
          </span>
        )}
        {lineage && emphasis.ancestry && (
          <span className={styles.item}>
            <span className={styles.line} style={{ borderColor: PALETTE.ancestry }} aria-hidden="true" />
            final best and its ancestry (larger nodes)
          </span>
        )}
        {lineage && emphasis.chain && (
          <span className={styles.item}>
            <span className={styles.line} style={{ borderColor: PALETTE.chain }} aria-hidden="true" />
            best-so-far chain (largest nodes)
          </span>
        )}
        {lineage && emphasis.dim && <span className={styles.item}>faded: dead branches</span>}
      </div>
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
