// Headline figures of a run (denormalised on the run row) and its import warnings.
import Link from 'next/link';
import { z } from 'zod';
import type { RunDetail } from '@/lib/contracts/api/runs';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { basisLabel, formatCost } from './costFormat';

const reportSchema = z.object({ warnings: z.array(z.object({ message: z.string() }).loose()).default([]) }).loose();

function Stat({ label, children, id }: { label: string; children: React.ReactNode; id?: string }) {
  return (
    <div className="stat" data-testid={id}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function RunHeadline({ run }: { run: RunDetail }) {
  const warnings = reportSchema.safeParse(run.importReport ?? {}).data?.warnings ?? [];
  return (
    <>
      <dl className="stats" aria-label="Headline figures">
        <Stat label="Programs" id="stat-programs">{formatCount(run.programCount)}</Stat>
        <Stat label="Invalid" id="stat-invalid">
          {formatCount(run.invalidCount)} <span className="muted" style={{ fontSize: '0.8rem' }}>({formatShare(run.programCount ? run.invalidCount / run.programCount : null)})</span>
        </Stat>
        {run.unevaluatedCount > 0 && (
          <Stat label="Not evaluated" id="stat-not-evaluated">
            {formatCount(run.unevaluatedCount)}
          </Stat>
        )}
        {(run.rejectedCount ?? 0) > 0 && (
          <Stat label="Rejected by the search" id="stat-rejected">
            {formatCount(run.rejectedCount)}
          </Stat>
        )}
        {run.strategyCount > 0 && (
          <Stat label="Search strategies" id="stat-strategies">
            <Link href={`/runs/${run.id}/strategies`} prefetch={false}>{formatCount(run.strategyCount)}</Link>
          </Stat>
        )}
        <Stat label={`Best ${run.scoreMetric ?? 'score'}${run.higherIsBetter ? '' : ' (min)'}`}>
          {run.bestProgramId ? <Link href={`/runs/${run.id}/programs/${run.bestProgramId}`} prefetch={false}>{formatScore(run.bestScore)}</Link> : formatScore(run.bestScore)}
        </Stat>
        <Stat label="Iteration of best">
          {run.bestIteration ?? '—'}
          {run.lastIteration !== null && <span className="muted" style={{ fontSize: '0.8rem' }}> / {run.lastIteration}</span>}
        </Stat>
        <Stat label="Islands">{formatCount(run.islandCount)}</Stat>
        <Stat label="Edges">{formatCount(run.edgeCount)}</Stat>
        <Stat label="LLM cost" id="stat-cost">
          {formatCost(run.costTotal)} <span className="muted" style={{ fontSize: '0.8rem' }} data-testid="stat-cost-basis">{basisLabel(run.costBasis)}</span>
        </Stat>
        <Stat label="Tokens (in / out)" id="stat-tokens">
          {formatCount(run.inputTokens)} / {formatCount(run.outputTokens)}{' '}
          <span className="muted" style={{ fontSize: '0.8rem' }} data-testid="stat-tokens-basis">{basisLabel(run.tokensBasis)}</span>
        </Stat>
      </dl>
      <p className="row">
        <a href={`/api/runs/${run.id}/export?format=evotrace`} download data-testid="export-evotrace">
          Download as EvoTrace (.tar.gz)
        </a>
        <span className="muted">the refined layout EvoReplay reads; re-importable here</span>
      </p>
      {warnings.length > 0 && (
        <details className="collapsible">
          <summary>Import warnings ({warnings.length})</summary>
          <div>
            <ul>
              {warnings.map((w, i) => (
                <li key={i}>{w.message}</li>
              ))}
            </ul>
          </div>
        </details>
      )}
    </>
  );
}
