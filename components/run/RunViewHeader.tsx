// Header of a run's analysis views: crumbs back to the run, the view's title, the run views.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { RunNav } from './RunNav';

export function RunViewHeader({
  run, title, children,
}: { run: { id: string; name: string; strategyCount?: number }; title: string; children?: ReactNode }) {
  return (
    <>
      <div className="crumbs">
        <Link href="/" prefetch={false}>Runs</Link> / <Link href={`/runs/${run.id}`} prefetch={false}>{run.name}</Link> /
      </div>
      <h1>{title}</h1>
      <RunNav runId={run.id} strategies={(run.strategyCount ?? 0) > 0} />
      {children}
    </>
  );
}
