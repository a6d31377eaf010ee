'use client';
// VISUALISE: programs per lineage depth.
import { useMemo } from 'react';
import { prepareHistogram } from '../analysis/chartFrame';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { Histogram } from '../analysis/Histogram';
import { useElementWidth } from '../chart/useElementWidth';

const HEIGHT = 220;

export const LINEAGE_DEFINITION =
  'Depth of a program: nodes on its first-parent chain to a root, both ends counted. Final best: best-so-far of the primary score (valid programs). ' +
  'Dead-branch share: programs that are neither the final best nor one of its ancestors through any parent.';

export function DepthHistogram({ histogram }: { histogram: { depth: number; count: number }[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(
    () => (width > 0 ? prepareHistogram(histogram.map((d) => ({ from: d.depth, to: d.depth, count: d.count })), width, HEIGHT) : null),
    [histogram, width],
  );
  return (
    <figure className="chart analysis-figure" data-testid="depth-histogram" data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <Histogram
            chart={chart}
            label="Programs per lineage depth"
            xLabel="lineage depth"
            yLabel="programs"
            colour="#7a8aa8"
            describe={(b) => `depth ${b.from}: ${b.count} programs`}
          />
        )}
      </div>
      <figcaption>
        <DefinitionNote>{LINEAGE_DEFINITION}</DefinitionNote>
      </figcaption>
    </figure>
  );
}
