// Settings that belong to one run (stored in `settings` under a key naming the run): listed here
// so that deleting the run (runEdit.ts) removes every one of them.

/** The run's own public-vs-private overfit threshold (lib/db/generalization.ts). */
export const runThresholdKey = (runId: string) => `generalization.threshold.run:${runId}`;

/** Every settings key a run may own. */
export const runSettingKeys = (runId: string) => [runThresholdKey(runId)];
