// The 'ablate' experiment's runner (issue 11). PLACEHOLDER of the shared contract: the helper who
// owns 'ablate' replaces this file. Until then an experiment of this kind fails with this message.
import { ExperimentFailure, type ExperimentContext } from '../interventions/context';
import type { AblateParams, ExperimentReport } from '../interventions/types';

export async function runAblateExperiment(ctx: ExperimentContext<AblateParams>): Promise<ExperimentReport> {
  throw new ExperimentFailure(`'ablate' experiments are not built yet (experiment ${ctx.experimentId})`);
}
