// /runs/[runId]/evolution?scope=lineage|run - program complexity, edit composition and lineage shape of one run (paper §5.1)
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { scopeOptions } from '@/components/analysis/switchOptions';
import { ViewSwitch } from '@/components/analysis/ViewSwitch';
import { EvolutionView } from '@/components/evolution/EvolutionView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { cyclingViewParams } from '@/lib/contracts/api/viewParams';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };


export const generateMetadata = runViewMetadata('Evolution');

export default async function EvolutionPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const { scope } = cyclingViewParams(await searchParams);
  return (
    <>
      <RunViewHeader run={run} title="Evolution">
        <p className="subtitle">{run.name} · how programs change shape, what the edits change, and how much of the run leads to the final best.</p>
      </RunViewHeader>
      <div className="row analysis-switches">
        <ViewSwitch label="Composition scope" current={scope} options={scopeOptions(`/runs/${run.id}/evolution`, { scope })} />
        <span className="muted">Edit composition uses the Evoscope default definitions; it reads each edit on its own, so both scopes give the same buckets.</span>
      </div>
      <EvolutionView runId={run.id} scope={scope} />
    </>
  );
}
