// Colour the lineage by an edit label: the compact per-program labels (GET .../judgements?
// format=labels: program ids with a bitmask over EDIT_LABELS) realigned to the graph's nodes.
// Pure.
import type { EditLabel } from '@/lib/contracts/editLabels';

/**
 * Per node: true when the node's edit (from its first parent) carries `label`, false when the
 * judge labelled that edit otherwise, null when it did not (no parent, not judged, not yet).
 */
export function labelByNode(ids: readonly string[], data: { labels: readonly string[]; programIds: readonly string[]; masks: readonly number[] }, label: EditLabel): (boolean | null)[] {
  // The bit of the label as the response orders them (EDIT_LABELS order, but read it from the response).
  const bit = data.labels.indexOf(label);
  const byId = new Map<string, number>();
  data.programIds.forEach((id, k) => byId.set(id, data.masks[k]));
  return ids.map((id) => {
    const mask = byId.get(id);
    if (mask === undefined) return null;
    return bit >= 0 && (mask & (1 << bit)) !== 0;
  });
}
