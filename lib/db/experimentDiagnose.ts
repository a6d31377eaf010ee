// The 'diagnose' experiment (issue 13, item 3): the eval agent run post hoc. Built by its helper;
// until then the kind exists and a request fails with this message.
import { ExperimentFailure, type ExperimentContext } from '../interventions/context';
import type { DiagnoseExperimentReport, DiagnoseParams } from '../diagnosis/types';

export async function runDiagnoseExperiment(_ctx: ExperimentContext<DiagnoseParams>): Promise<DiagnoseExperimentReport> {
  throw new ExperimentFailure('diagnosis is not available in this build yet');
}
