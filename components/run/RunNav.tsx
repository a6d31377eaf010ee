'use client';
// The views of one run, under its title. The current view is marked with aria-current="page".
// One list of links here, so every run page shows the same navigation (and the progress of
// the run's analyses while they run).
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { AnalysesProgress } from './AnalysesProgress';

export const RUN_VIEWS = [
  { label: 'Overview', path: '' },
  { label: 'Lineage', path: '/lineage' },
  { label: 'Cycling', path: '/cycling' },
  { label: 'Evolution', path: '/evolution' },
  { label: 'Edit types', path: '/taxonomy' },
  { label: 'Public vs private', path: '/generalization' },
  { label: 'Board', path: '/board' },
  { label: 'Experiments', path: '/experiments' },
  { label: 'Diagnoses', path: '/diagnoses' },
  { label: 'Database', path: '/database' },
] as const;

/** Views only some runs have: linked when the run has what they show. */
const STRATEGIES_VIEW = { label: 'Strategies', path: '/strategies' } as const;

export function RunNav({ runId, strategies = false }: { runId: string; strategies?: boolean }) {
  const pathname = usePathname();
  const base = `/runs/${runId}`;
  const views = strategies ? [...RUN_VIEWS, STRATEGIES_VIEW] : RUN_VIEWS;
  return (
    <>
      <nav className="run-nav" aria-label="Run views">
        {views.map((v) => {
          const href = `${base}${v.path}`;
          const current = pathname === href;
          return (
            <Link key={v.label} href={href} prefetch={false} aria-current={current ? 'page' : undefined}>
              {v.label}
            </Link>
          );
        })}
      </nav>
      <AnalysesProgress runId={runId} />
    </>
  );
}
