// The 'tune' experiment's runner (issue 11). PLACEHOLDER of the shared contract: the helper who
// owns 'tune' replaces this file. Until then an experiment of this kind fails with this message.
import { ExperimentFailure, type ExperimentContext } from '../interventions/context';
import type { TuneParams, ExperimentReport } from '../interventions/types';

export async function runTuneExperiment(ctx: ExperimentContext<TuneParams>): Promise<ExperimentReport> {
  throw new ExperimentFailure(`'tune' experiments are not built yet (experiment ${ctx.experimentId})`);
}
