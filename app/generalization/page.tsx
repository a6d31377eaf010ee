// /generalization - the paper's Tables 11-12 (B.7) over every run with a private re-scoring:
// task x framework verdicts and verdict counts per framework, exportable as CSV and JSON
import type { Metadata } from 'next';
import Link from 'next/link';
import { VerdictTables } from '@/components/generalization/VerdictTables';
import { getThresholdSetting, listRunVerdicts } from '@/lib/db/generalization';
import { waitingForDatabase } from '@/lib/db/unavailable';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Public vs private across runs' };

export default async function GeneralizationTablesPage() {
  const [runs, setting] = await waitingForDatabase(() => Promise.all([listRunVerdicts(), getThresholdSetting()]));
  return (
    <>
      <div className="crumbs">
        <Link href="/" prefetch={false}>Runs</Link> /
      </div>
      <h1>Public vs private across runs</h1>
      <p className="subtitle">
        Every run whose best-so-far chain was re-scored on a private test set, with EvoReplay&apos;s verdict from the chain&apos;s first
        and last program (the paper&apos;s Tables 11 and 12). Severe-overfit threshold:{' '}
        {setting.absolute !== null ? `${setting.absolute} in each run's score units` : `${setting.relative * 100} % of the first program's private score`}{' '}
        unless a run sets its own (<Link href="/settings">settings</Link>).
      </p>
      <VerdictTables runs={runs} />
    </>
  );
}
