// /compare?runs=a,b,c&scope=lineage|run - several runs side by side, whatever framework
import type { Metadata } from 'next';
import Link from 'next/link';
import { scopeOptions } from '@/components/analysis/switchOptions';
import { ViewSwitch } from '@/components/analysis/ViewSwitch';
import { CompareView } from '@/components/compare/CompareView';
import { RunPicker } from '@/components/compare/RunPicker';
import { PooledTaxonomy } from '@/components/taxonomy/PooledTaxonomy';
import { plateauKSchema } from '@/lib/contracts/api/plateaus';
import { compareRunIds, compareRunIdsIgnored, cyclingViewParams } from '@/lib/contracts/api/viewParams';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Compare runs' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ComparePage({ searchParams }: Props) {
  const sp = await searchParams;
  const runIds = compareRunIds(sp);
  const ignored = compareRunIdsIgnored(sp);
  const { scope } = cyclingViewParams(sp);
  const k = plateauKSchema.safeParse(sp.k);
  return (
    <>
      <div className="crumbs">
        <Link href="/">Runs</Link> /
      </div>
      <h1>Compare runs</h1>
      <p className="subtitle">Best-so-far (a metric per run, by normalised budget or by iteration), plateaus, cycling and edit composition, headline figures and the pooled edit types of any runs.</p>
      {ignored.length > 0 && (
        <p role="alert" className="error" data-testid="compare-ignored">
          Not a run id, left out: {ignored.map((x) => `“${x}”`).join(', ')}.
        </p>
      )}
      <RunPicker selected={runIds} scope={scope} />
      <div className="row analysis-switches">
        <ViewSwitch label="Cycling scope" current={scope} options={scopeOptions('/compare', { runs: runIds.join(','), scope })} />
        <span className="muted">Cycling and composition use the Evoscope default definitions.</span>
      </div>
      <CompareView runIds={runIds} scope={scope} initialK={k.success ? k.data : undefined} />
      {runIds.length > 0 && (
        <>
          <h2>Edit types, pooled</h2>
          <PooledTaxonomy runIds={runIds} />
        </>
      )}
    </>
  );
}
