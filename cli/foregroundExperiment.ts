// Running an experiment in the CLI's own process (replay, diagnose): Ctrl-C cancels it, and the
// experiment row is polled every 0.5 s so the command can print its progress as it moves.
import { pool } from '../lib/db/client';
import { cancelExperiment } from '../lib/db/experiments';
import { runExperiment } from '../lib/services/experiments/runExperiment';

export interface ExperimentProgressRow {
  phase: string | null;
  done: number;
  total: number;
}

export async function runInForeground(runId: string, experimentId: string, log: (line: string) => void, onProgress: (row: ExperimentProgressRow) => void): Promise<void> {
  const cancel = () => {
    log('cancelling (Ctrl-C)...');
    void cancelExperiment(runId, experimentId);
  };
  process.once('SIGINT', cancel);
  const poll = setInterval(() => {
    void pool()
      .query<ExperimentProgressRow>('SELECT phase, done, total FROM experiments WHERE id = $1', [experimentId])
      .then(({ rows }) => {
        if (rows[0]) onProgress(rows[0]);
      }, () => {});
  }, 500);
  try {
    await runExperiment(experimentId, { log });
  } finally {
    clearInterval(poll);
    process.removeListener('SIGINT', cancel);
  }
}
