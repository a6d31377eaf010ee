// What a view shows while its report is loading, being computed by the worker, or failed.
import type { ReportState } from './usePolledReport';

export function ReportStatus({ state, what }: { state: ReportState<unknown>; what: string }) {
  if (state.status === 'loading') return <p className="muted" role="status">Loading {what}…</p>;
  if (state.status === 'pending') return <p className="muted" role="status" data-testid="report-pending">computing {what}… (the worker stores it after import; this page updates by itself)</p>;
  if (state.status === 'error') return <p className="error" role="alert">Could not load {what}: {state.message}</p>;
  return null;
}
