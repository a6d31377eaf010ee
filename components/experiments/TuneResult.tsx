'use client';
// A finished tuning (TuneReport, §5.4): the trace chart, the headline figures (original,
// ceiling, improvement, the run's final best, the gap, matches/beats the final best), the tuned
// parameters (default → tuned) and the tuned program's diff against the original.
import { useEffect, useState } from 'react';
import type { TuneReport } from '@/lib/contracts/interventionTypes';
import { Stat } from '../analysis/Stat';
import { DiffViewer } from '../code/DiffViewer';
import { formatScore, formatSigned, formatShare } from '../ui/format';
import { getExperimentSource } from './experimentClient';
import { TuneChart } from './TuneChart';
import { Table } from '../ui/Table';

const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'yes' : 'no');

export function TuneResult({ runId, experimentId, report, original, language, scoreMetric }: {
  runId: string;
  experimentId: string;
  report: TuneReport;
  original: string;
  language: string | null;
  scoreMetric: string;
}) {
  const [tuned, setTuned] = useState<string | null>(null);
  const [diffError, setDiffError] = useState<string | null>(null);
  useEffect(() => {
    if (!report.tunedSha) return;
    let live = true;
    getExperimentSource(runId, experimentId, report.tunedSha)
      .then((s) => live && setTuned(s.source))
      .catch((e: Error) => live && setDiffError(e.message));
    return () => {
      live = false;
    };
  }, [runId, experimentId, report.tunedSha]);
  const chartInput = { calls: report.calls, bestSoFar: report.bestSoFar, originalScore: report.originalScore, runFinalBest: report.runFinalBest, ceiling: report.ceiling };
  return (
    <section data-testid="tune-result" aria-label="Tuning result">
      {!report.rewriteReproduces && (
        <p className="alert" role="alert">
          The rewrite with the defaults scored {formatScore(report.rewriteScore)}, not the original {formatScore(report.originalScore)}: the figures
          below are not comparable with the recorded score.
        </p>
      )}
      <dl className="stats">
        <Stat label="original" id="tune-original">{formatScore(report.originalScore)}</Stat>
        <Stat label="tuning ceiling" id="tune-ceiling" hint="Best score over the search's calls: S*(s)">{formatScore(report.ceiling)}</Stat>
        <Stat label="improvement" id="tune-improvement" hint="ceiling - original, positive = better">{formatSigned(report.improvement)}</Stat>
        <Stat label="run's final best" id="tune-final-best">{formatScore(report.runFinalBest)}</Stat>
        <Stat label="gap" id="tune-gap" hint="§5.4: final best - ceiling (positive = better direction): the part of the run's later gain tuning does not reach">
          {formatSigned(report.gap)}
        </Stat>
        <Stat label="gain recovered by tuning" id="tune-recovered">{formatShare(report.recoveredShare)}</Stat>
        <Stat label="matches final best" id="tune-matches">{yesNo(report.matchesFinalBest)}</Stat>
        <Stat label="beats final best" id="tune-beats">{yesNo(report.beatsFinalBest)}</Stat>
      </dl>
      <p className="muted" style={{ fontSize: '0.82rem' }} data-testid="tune-rewrite">
        Rewrite with a PARAMS block: {formatScore(report.rewriteScore)} with the defaults (
        {report.rewriteReproduces ? 'reproduces the recorded score exactly' : 'does not reproduce the recorded score'}); {report.calls.length} calls,{' '}
        {report.knobs.length} knobs, {report.higherIsBetter ? 'higher' : 'lower'} is better.
      </p>
      <TuneChart input={chartInput} scoreMetric={scoreMetric} />
      <h4>Tuned parameters</h4>
      <Table
        label="Tuned parameters"
        rows={report.knobs}
        rowKey={(k) => k.name}
        rowProps={() => ({ 'data-testid': 'tuned-param' })}
        columns={[
          { key: 'knob', header: 'knob', className: 'mono', cell: (k) => k.name },
          { key: 'line', header: 'line', className: 'num', cell: (k) => k.line },
          { key: 'default', header: 'default', numeric: true, cell: (k) => k.sourceLiteral },
          {
            key: 'tuned',
            header: 'tuned',
            numeric: true,
            td: (k) => ({ 'data-changed': report.bestParams?.[k.name] !== undefined && report.bestParams?.[k.name] !== k.value }),
            cell: (k) => {
              const t = report.bestParams?.[k.name];
              return t === undefined ? '—' : formatScore(t);
            },
          },
          { key: 'interval', header: 'interval', className: 'muted', cell: (k) => `[${formatScore(k.low)}, ${formatScore(k.high)}] ${k.scale} ${k.type}` },
        ]}
      />
      <h4>Tuned program against the original</h4>
      {!report.tunedSha ? (
        <p className="muted">No tuned program (no call scored).</p>
      ) : diffError ? (
        <p className="error" role="alert">Could not load the tuned program: {diffError}</p>
      ) : tuned === null ? (
        <p className="muted" role="status">Loading the tuned program…</p>
      ) : (
        <div data-testid="tune-diff">
          <DiffViewer original={original} modified={tuned} language={language} controls />
        </div>
      )}
    </section>
  );
}
