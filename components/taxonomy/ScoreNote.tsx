// How the odds ratios were computed, with the run's own figures (the paper's §5.1 and B.3).
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { formatCount, formatScore } from '../ui/format';

export function ScoreNote({ stats, notJudged, pooled }: { stats: TaxonomyStatsResponse; notJudged: number; pooled?: boolean }) {
  return (
    <DefinitionNote>
      <span data-testid="score-note">
        normalised score change = (child − parent) / the run&apos;s score scale, sign flipped when lower is better, so positive = better; the scale is
        the 95th percentile of |score| over the run&apos;s valid programs, at least 1 (EvoReplay&apos;s)
        {pooled ? ', each run its own scale before the edits are pooled' : <>; here {formatScore(stats.scoreScale)}</>}. Odds ratio for a positive
        change with the Haldane–Anscombe +0.5 correction, (a+½)(d+½) / ((b+½)(c+½)); 95 % interval by Woolf&apos;s method on the corrected counts;
        Fisher&apos;s exact test on the uncorrected table. Left out: {formatCount(stats.unscored)} judged {stats.unscored === 1 ? 'edit' : 'edits'}{' '}
        whose parent or child has no valid score (not in the odds ratios; in prevalence) and {formatCount(notJudged)}{' '}
        {notJudged === 1 ? 'edit' : 'edits'} the judge could not judge (in no figure).
      </span>
    </DefinitionNote>
  );
}
