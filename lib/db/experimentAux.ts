// The 'aux' experiment (issue 13, item 3): a diagnosis's auxiliary_metrics.py run in the sandbox on
// every program of the run. Built by its helper; until then a request fails with this message.
import { ExperimentFailure, type ExperimentContext } from '../interventions/context';
import type { AuxExperimentReport, AuxParams } from '../diagnosis/types';

export async function runAuxExperiment(_ctx: ExperimentContext<AuxParams>): Promise<AuxExperimentReport> {
  throw new ExperimentFailure('auxiliary metrics are not available in this build yet');
}
