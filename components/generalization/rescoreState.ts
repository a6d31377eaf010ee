// What the re-scoring panel says and allows, from the page's data and the batch this page
// started (its id from the POST's answer, kept for the tab's session). Pure, so each case is
// tested: the page used to call its own, just-started batch "already running".
import { FINISHED_BATCH, type RunGeneralizationResponse } from '@/lib/contracts/api/generalization';

type Data = Pick<RunGeneralizationResponse, 'evaluator' | 'batch'>;

export interface RescoreState {
  /** Why the start button is disabled, or null when it can be used. */
  blocked: string | null;
  /** What the batch shown below is, or null when there is nothing to say. */
  note: string | null;
  /** The batch shown is the one this page started. */
  own: boolean;
  /** This page started a batch the data does not show yet: the older batch it shows is hidden. */
  pending: boolean;
}

/** The batch this page started: its id and creation time, from the POST's answer. */
export interface OwnBatch {
  id: string;
  createdAt: string;
}

export function rescoreState({ evaluator, batch }: Data, mine: OwnBatch | null): RescoreState {
  if (!evaluator)
    return {
      blocked: 'No evaluator is attached to this run: attach one on the run page or with `npm run evoscope -- env attach <runId> <dir> --private <dir>`.',
      note: null,
      own: false,
      pending: false,
    };
  if (evaluator.privateFiles === 0) {
    const blocked = `The run's evaluator (version ${evaluator.version}) has no private test set: attach a new version with \`--private <dir>\`.`;
    return { blocked, note: null, own: false, pending: false };
  }
  const own = batch !== null && batch.id === mine?.id;
  const running = batch !== null && !FINISHED_BATCH.has(batch.status);
  // Started here, but the page's data does not show it yet (the next poll will): it shows none,
  // or one older than ours. A newer batch than ours was started elsewhere since.
  const notYetShown = mine !== null && !own && (batch === null || Date.parse(batch.createdAt) < Date.parse(mine.createdAt));
  if (notYetShown) return { blocked: 'Your re-scoring is starting.', note: 'Your re-scoring is queued; its progress appears here.', own: false, pending: true };
  if (running && own) return { blocked: 'Your re-scoring is running: its progress is below.', note: 'Your re-scoring, started on this page.', own, pending: false };
  if (running) {
    const blocked = 'A re-scoring started elsewhere (another tab, user or the CLI) is running: its progress is below.';
    return { blocked, note: 'Started elsewhere.', own, pending: false };
  }
  return { blocked: null, note: own ? 'Your re-scoring, started on this page.' : null, own, pending: false };
}
