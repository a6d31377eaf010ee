import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { ComponentsCode } from '@/components/code/ComponentsCode';
import { CommentThread } from '@/components/comments/CommentThread';
import { ContextPanel } from '@/components/program/ContextPanel';
import { ExperimentsSection } from '@/components/experiments/ExperimentsSection';
import { EvaluationPanel, JsonDetails } from '@/components/program/EvaluationPanel';
import { MetricsTable } from '@/components/program/MetricsTable';
import { ProgramLineage } from '@/components/program/ProgramLineage';
import { ProgramContextRefs, ProgramOrigin } from '@/components/program/ProgramOrigin';
import { RerunPanel } from '@/components/rerun/RerunPanel';
import { scoreDelta } from '@/components/program/scoreDelta';
import { formatScore } from '@/components/ui/format';
import { ProgramStatusTag } from '@/components/ui/ProgramStatusTag';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { activeProgramBatchId, latestEvaluator } from '@/lib/db/evaluationBatches';
import { getProgramEvaluations } from '@/lib/db/programEvaluations';
import { getProgramDetail } from '@/lib/db/programs';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string; programId: string }> };

const load = cache(async (runId: string, programId: string) => {
  const parsed = programParamsSchema.safeParse({ runId, programId });
  if (!parsed.success) return null;
  const [run, program] = await Promise.all([getRun(runId), getProgramDetail(runId, programId)]);
  return run && program ? { run, program } : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { runId, programId } = await params;
  const found = await load(runId, programId);
  return { title: found ? `${found.program.externalId} · ${found.run.name}` : 'Program not found' };
}

export default async function ProgramPage({ params }: Props) {
  const { runId, programId } = await params;
  const found = await load(runId, programId);
  if (!found) notFound();
  const { run, program: p } = found;
  const [evaluations, activeBatchId, evaluator] = await Promise.all([getProgramEvaluations(run.id, p.id), activeProgramBatchId(run.id, p.id), latestEvaluator(run.id)]);
  const diffParent = p.parents.find((x) => x.id !== null);
  const delta = scoreDelta(p.score, diffParent, run.higherIsBetter);
  return (
    <>
      <div className="crumbs">
        <Link href="/">Runs</Link> / <Link href={`/runs/${run.id}`}>{run.name}</Link> /
      </div>
      <h1>
        Program <span className="mono" style={{ fontSize: '1.1rem' }}>{p.externalId}</span>
      </h1>
      <p className="subtitle row">
        <span>iteration {p.iteration ?? '—'}</span>
        {p.generation !== null && <span>generation {p.generation}</span>}
        <span>island {p.island ?? '—'}</span>
        <span>
          {run.scoreMetric ?? 'score'} <strong>{formatScore(p.score)}</strong>
          {delta && (
            <>
              {' '}
              <span
                data-testid="score-delta"
                data-direction={delta.direction}
                className={delta.direction === 'better' ? 'ok' : delta.direction === 'worse' ? 'error' : 'muted'}
                title={`Against its first parent in the archive (${run.higherIsBetter ? 'higher' : 'lower'} is better)`}
              >
                {delta.text}
              </span>
            </>
          )}
        </span>
        <ProgramStatusTag valid={p.valid} evaluated={p.evaluated} rejected={p.rejected} />
        {p.isMigrant && <span className="tag">migrant copy</span>}
        <span>{p.lines} lines</span>
        {diffParent ? (
          <Link href={`/runs/${run.id}/programs/${p.id}/diff`} data-testid="diff-to-parent-link">
            diff to parent
          </Link>
        ) : (
          <span className="muted">{p.parents.length ? 'parent not in archive: no diff' : 'seed: no parent to diff'}</span>
        )}
        <Link href={`/runs/${run.id}/lineage?node=${p.id}${p.rejected ? '&rejected=1' : ''}`}>Show in lineage</Link>
      </p>
      <div className="grid-2">
        <section aria-label="Source">
          <ComponentsCode code={p.code} language={p.language ?? run.language} />
        </section>
        <aside>
          <h3 style={{ marginTop: 0 }}>Metrics</h3>
          <MetricsTable metrics={p.metrics} scoreMetric={run.scoreMetric} />
          <ProgramOrigin origin={p.origin} />
          <ProgramLineage runId={run.id} parents={p.parents} children={p.children} childCount={p.childCount} />
          <ProgramContextRefs runId={run.id} refs={p.contextRefs} />
          <h3>Source record</h3>
          <JsonDetails title="Metadata" value={p.metadata} />
          <p className="muted mono" style={{ fontSize: '0.75rem' }}>
            seq {p.seq} · code {p.codeSha.slice(0, 12)}
          </p>
        </aside>
      </div>
      <h2>Evaluation</h2>
      <EvaluationPanel evaluations={p.evaluations} invalidReason={p.invalidReason} evaluated={p.evaluated} />
      <h2>Re-run</h2>
      {evaluations && <RerunPanel runId={run.id} programId={p.id} initial={evaluations} activeBatchId={activeBatchId} hasEvaluator={evaluator !== null} />}
      <h2>Experiments</h2>
      <Suspense fallback={<p className="muted">Loading experiments…</p>}>
        <ExperimentsSection
          runId={run.id}
          programId={p.id}
          original={p.code}
          language={p.language ?? run.language}
          scoreMetric={run.scoreMetric ?? 'score'}
          higherIsBetter={run.higherIsBetter}
          hasPrompt={p.contexts.length > 0}
          hasParent={diffParent !== undefined}
          hasEvaluator={evaluator !== null}
        />
      </Suspense>
      <h2>Prompt and response</h2>
      <ContextPanel contexts={p.contexts} />
      <h2>Discussion</h2>
      <CommentThread runId={run.id} target="program" programId={p.id} title="Comments on this program" />
    </>
  );
}
