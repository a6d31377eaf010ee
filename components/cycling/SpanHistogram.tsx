'use client';
// VISUALISE: iterations between a line's removal and its re-addition, as a histogram.
import { useMemo } from 'react';
import { prepareHistogram } from '../analysis/chartFrame';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { Histogram } from '../analysis/Histogram';
import { useElementWidth } from '../chart/useElementWidth';

const HEIGHT = 220;

export function SpanHistogram({ bins, definitionText }: { bins: { from: number; to: number; count: number }[]; definitionText: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareHistogram(bins, width, HEIGHT) : null), [bins, width]);
  return (
    <figure className="chart analysis-figure" data-testid="span-histogram">
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {bins.length === 0 && <p className="muted">No cycle events.</p>}
        {chart && bins.length > 0 && (
          <Histogram
            chart={chart}
            label="Histogram of spans: iterations between a removal and the re-addition"
            xLabel="span (iterations)"
            yLabel="cycle events"
            describe={(b) => `span ${b.from}${b.to > b.from ? `–${b.to}` : ''}: ${b.count} events`}
          />
        )}
      </div>
      <figcaption>
        <DefinitionNote>Span = iteration of the re-addition minus iteration of the paired (latest earlier) removal. {definitionText}</DefinitionNote>
      </figcaption>
    </figure>
  );
}
