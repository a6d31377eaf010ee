// Route params of the diagnosis API (issue 13): /api/runs/[runId]/diagnoses/[diagnosisId]/...
import { z } from 'zod';
import { uuidSchema } from './params';

export const diagnosisParamsSchema = z.object({ runId: uuidSchema('run id'), diagnosisId: uuidSchema('diagnosis id') });
