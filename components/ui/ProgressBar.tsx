// A labelled progress bar. Determinate when `max` is known, indeterminate (animated) otherwise.
export function ProgressBar({ label, value, max, testId }: { label: string; value: number; max?: number | null; testId?: string }) {
  const determinate = max != null && max > 0;
  const pct = determinate ? Math.min(100, (value / max) * 100) : null;
  return (
    <div className="progress" data-testid={testId}>
      <div className="progress-label">{label}</div>
      <div
        className={`progress-track${determinate ? '' : ' indeterminate'}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? value : undefined}
        data-value={value}
      >
        <div className="progress-fill" style={{ width: pct === null ? '30%' : `${pct}%` }} />
      </div>
    </div>
  );
}
