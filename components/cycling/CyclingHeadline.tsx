// Headline figures of a cycling report.
import type { CyclingResponse } from '@/lib/contracts/api/analyses';
import { Stat } from '../analysis/Stat';
import { formatCount, formatScore, formatShare } from '../ui/format';

/** Slope of a share per iteration, in percentage points. */
export function formatSlope(slope: number | null): string {
  if (slope === null || !Number.isFinite(slope)) return '—';
  const pp = slope * 100;
  return `${pp >= 0 ? '+' : ''}${Number(pp.toPrecision(3))} pp / it`;
}

export function CyclingHeadline({ report }: { report: CyclingResponse }) {
  const s = report.summary;
  const skeletonHint = `of ${formatCount(s.literal + s.tuning + s.trivial)} re-additions by skeleton (a wider pairing than the cycle events)`;
  return (
    <dl className="stats" aria-label="Cycling headline figures">
      <Stat label="Recycled share of added lines" id="cyc-recycled-share" hint={`${formatCount(s.recycledAdded)} of ${formatCount(s.totalAdded)} added lines`}>
        {formatShare(s.recycledShare)}
      </Stat>
      <Stat label="Trend of the share" id="cyc-slope" hint="Least-squares slope of the per-iteration recycled share">
        {formatSlope(report.trend.slope)}{' '}
        <span className={`tag ${report.trend.grows ? 'bad' : 'ok'}`}>{report.trend.grows ? 'grows' : 'does not grow'}</span>
      </Stat>
      <Stat label="Median span (iterations)" id="cyc-median-span">
        {formatScore(s.medianSpan)}
      </Stat>
      <Stat label="Cycle events" id="cyc-events">
        {formatCount(s.cycleEvents)}
      </Stat>
      <Stat label="Unique cycled lines" id="cyc-unique-lines">
        {formatCount(s.uniqueCycledLines)}
      </Stat>
      <Stat label="Literal" id="cyc-literal" hint={skeletonHint}>
        {formatCount(s.literal)}
      </Stat>
      <Stat label="Tuning" id="cyc-tuning" hint={skeletonHint}>
        {formatCount(s.tuning)}
      </Stat>
      <Stat label="Trivial" id="cyc-trivial" hint={skeletonHint}>
        {formatCount(s.trivial)}
      </Stat>
      <Stat label="Edits analysed" id="cyc-edits">
        {formatCount(s.editsAnalysed)}
      </Stat>
    </dl>
  );
}
