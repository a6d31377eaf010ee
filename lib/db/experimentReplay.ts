// The 'replay' experiment's runner (issue 11). PLACEHOLDER of the shared contract: the helper who
// owns 'replay' replaces this file. Until then an experiment of this kind fails with this message.
import { ExperimentFailure, type ExperimentContext } from '../interventions/context';
import type { ReplayParams, ExperimentReport } from '../interventions/types';

export async function runReplayExperiment(ctx: ExperimentContext<ReplayParams>): Promise<ExperimentReport> {
  throw new ExperimentFailure(`'replay' experiments are not built yet (experiment ${ctx.experimentId})`);
}
