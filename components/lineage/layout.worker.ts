// The lineage layout off the main thread: d3-hierarchy on 100k programs takes a few hundred
// milliseconds, which would freeze the page. Bundled by Next through
// `new Worker(new URL('./layout.worker.ts', import.meta.url))` (see useLineageLayout.ts).
import { layoutLineage } from '../../lib/analysis/lineageLayout';
import { layoutTransfer, type LayoutRequest, type LayoutResponse } from './layoutMessages';

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, aspect, input } = event.data;
  let response: LayoutResponse;
  try {
    const t = performance.now();
    const layout = layoutLineage(input, { aspect });
    response = { id, ok: true, layout, ms: performance.now() - t };
    self.postMessage(response, { transfer: layoutTransfer(layout) });
  } catch (e) {
    response = { id, ok: false, error: e instanceof Error ? e.message : String(e) };
    self.postMessage(response);
  }
};
