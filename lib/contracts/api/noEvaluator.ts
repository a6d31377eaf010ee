// The refusal every evaluator-backed action gives on a run without an evaluator (re-run,
// re-evaluate, replay, tune, ablate, diagnose, aux, tuning sweep): one message and one code, read
// by the server (409, nothing stored), the CLI (printed, exit 1) and the pages (the disabled
// button's reason). Here, not in lib/db, so client components can import it.
export const NO_EVALUATOR_CODE = 'NO_EVALUATOR';

export const NO_EVALUATOR = "no evaluator attached to this run: attach one on the run's page or with `evoscope env attach`";
