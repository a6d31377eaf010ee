// VISUALISE: a prepared histogram (span histogram, lineage depth histogram).
import { Axes } from './Axes';
import type { PreparedHistogram } from './chartFrame';

export function Histogram({
  chart,
  label,
  xLabel,
  yLabel,
  colour = '#5b7fb8',
  describe,
  testId,
}: {
  chart: PreparedHistogram;
  label: string;
  xLabel: string;
  yLabel: string;
  colour?: string;
  describe: (bar: PreparedHistogram['bars'][number]) => string;
  testId?: string;
}) {
  return (
    <svg width={chart.width} height={chart.height} role="img" aria-label={label} data-testid={testId}>
      <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel={xLabel} yLabel={yLabel} height={chart.height} />
      {chart.bars.map((b) => (
        <rect key={b.from} data-testid="histogram-bar" x={b.x} y={b.y} width={b.width} height={b.height} fill={colour}>
          <title>{describe(b)}</title>
        </rect>
      ))}
    </svg>
  );
}
