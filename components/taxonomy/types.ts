// Response types the taxonomy components share (from the API's zod schemas).
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';

export type LabelStatsResponse = TaxonomyStatsResponse['labels'][number];
