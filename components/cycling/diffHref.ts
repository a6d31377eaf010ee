// Where a cycling view links an edit to: the diff of the child against its own parent, carrying
// the definitions and scope so the diff page marks re-added lines the same way.
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';

export function editDiffHref(runId: string, programUuid: string, definitions: Definitions, scope: CyclingScope): string {
  return `/runs/${runId}/programs/${programUuid}/diff?definitions=${definitions}&scope=${scope}`;
}
