// The reason shown beside an action that needs the run's evaluator (re-run, replay, tune, ablate,
// diagnose, aux, tuning sweep) when the run has none: the button is disabled and points here
// (aria-describedby = `id`). The server refuses the same request with 409 NO_EVALUATOR and stores
// nothing (lib/contracts/api/noEvaluator.ts). `onRunPage`: the evaluator upload is on this very page.
import Link from 'next/link';

export function NoEvaluatorReason({ runId, id, onRunPage = false }: { runId: string; id: string; onRunPage?: boolean }) {
  return (
    <span id={id} className="muted" data-testid="no-evaluator-reason">
      no evaluator attached: attach one{' '}
      {onRunPage ? (
        <a href="#evaluator">on this page</a>
      ) : (
        <>
          on <Link href={`/runs/${runId}#evaluator`}>the run&apos;s page</Link>
        </>
      )}{' '}
      or with <code>evoscope env attach</code>
    </span>
  );
}
