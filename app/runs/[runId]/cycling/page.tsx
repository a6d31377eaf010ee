// /runs/[runId]/cycling?definitions=default|evoreplay&scope=lineage|run - cycling of one run (paper §5.2, B.6)
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { definitionsOptions, scopeOptions } from '@/components/analysis/switchOptions';
import { ViewSwitch } from '@/components/analysis/ViewSwitch';
import { CyclingView } from '@/components/cycling/CyclingView';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { cyclingViewParams } from '@/lib/contracts/api/viewParams';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };


export const generateMetadata = runViewMetadata('Cycling');

export default async function CyclingPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const { definitions, scope } = cyclingViewParams(await searchParams);
  const path = `/runs/${run.id}/cycling`;
  return (
    <>
      <RunViewHeader run={run} title="Cycling">
        <p className="subtitle">
          {run.name} · re-introductions of previously deleted lines, their classes, spans and the edits that made them.
        </p>
      </RunViewHeader>
      <div className="row analysis-switches">
        <ViewSwitch label="Scope" current={scope} options={scopeOptions(path, { definitions, scope })} />
        <ViewSwitch label="Definitions" current={definitions} options={definitionsOptions(path, { definitions, scope })} />
      </div>
      <CyclingView runId={run.id} definitions={definitions} scope={scope} />
    </>
  );
}
