// /runs/[runId]/diagnoses/[diagnosisId] - one diagnosis (issue 13): the four-part report with its
// numbers linked to the tool calls that measured them, the transcript, the change log the agent
// was given, bounds, auxiliary_metrics.py with its run and trend, the agent candidate, exports.
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AgentCandidate, Bounds, ChangeLog, TrivialMetrics } from '@/components/diagnoses/DiagnosisFacts';
import { AuxSection } from '@/components/diagnoses/AuxSection';
import { DiagnosisExport } from '@/components/diagnoses/DiagnosisExport';
import { ReportParts } from '@/components/diagnoses/ReportParts';
import { Transcript } from '@/components/diagnoses/Transcript';
import { transcriptEntries, transcriptTotals } from '@/components/diagnoses/transcriptModel';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { formatDate } from '@/components/ui/format';
import { diagnosisParamsSchema } from '@/lib/contracts/api/diagnosisParams';
import { pageActor } from '@/lib/http/auth/pageActor';
import { can } from '@/lib/contracts/permissions';
import { diagnosisBlob, getDiagnosisDetail } from '@/lib/db/diagnosisDetail';
import { latestEvaluator } from '@/lib/db/evaluationBatches';
import { loadRun } from '../../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string; diagnosisId: string }> };

export async function generateMetadata({ params }: Props) {
  const { runId } = await params;
  const run = await loadRun(runId);
  return { title: run ? `Diagnosis · ${run.name}` : 'Run not found' };
}

export default async function DiagnosisPage({ params }: Props) {
  const parsed = diagnosisParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const run = await loadRun(parsed.data.runId);
  if (!run) notFound();
  const detail = await getDiagnosisDetail(run.id, parsed.data.diagnosisId);
  if (!detail) notFound();
  const d = detail.diagnosis;
  const [script, candidate] = await Promise.all([
    d.auxScriptSha ? diagnosisBlob(run.id, d.id, d.auxScriptSha) : null,
    d.agentCandidateSha ? diagnosisBlob(run.id, d.id, d.agentCandidateSha) : null,
  ]);
  const entries = transcriptEntries(detail.calls);
  const actor = await pageActor();
  return (
    <article data-testid="diagnosis-page">
      <RunViewHeader run={run} title={`Diagnosis at generation ${d.triggerGeneration}`}>
        <p className="subtitle">
          <Link href={`/runs/${run.id}/diagnoses`}>All diagnoses of this run</Link> ·{' '}
          {d.origin === 'imported' ? 'imported with the run' : 'written by Evoscope'} · program diagnosed{' '}
          {d.programId ? <Link href={`/runs/${run.id}/programs/${d.programId}`} className="mono">{d.programExternalId}</Link> : '(unknown)'} ·{' '}
          {formatDate(d.createdAt)}
        </p>
        <DiagnosisExport detail={detail} />
      </RunViewHeader>
      {d.report.missing.length > 0 && (
        <ul className="muted" aria-label="Missing from this diagnosis">
          {d.report.missing.map((m) => <li key={m}>{m}</li>)}
        </ul>
      )}
      <ReportParts report={d.report} />
      <h2>Bounds</h2>
      <Bounds bounds={d.report.bounds} measured={entries.length ? transcriptTotals(entries) : null} />
      <h2>Change log the agent was given</h2>
      <ChangeLog runId={run.id} entries={d.report.changeLog} />
      <h2>Tool calls</h2>
      <Transcript runId={run.id} diagnosisId={d.id} entries={entries} />
      <h2>Auxiliary metrics</h2>
      <AuxSection runId={run.id} diagnosisId={d.id} script={script} canRun={actor !== null && can(actor, 'jobs', run.id)} hasEvaluator={(await latestEvaluator(run.id)) !== null} />
      <TrivialMetrics metrics={d.report.trivialMetrics} names={d.report.auxMetricNames} />
      <h2>Agent candidate</h2>
      <AgentCandidate d={d} source={candidate} />
    </article>
  );
}
