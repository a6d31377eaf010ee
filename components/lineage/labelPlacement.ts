// Where the lineage canvas draws node labels. Sigma draws forced labels (ghost parents, the
// selected node) wherever their node is, to its right: next to each other they overlap, and
// near the right edge they are cut off. This placer decides, label by label in drawing order:
// right of the node, else left of it, up to the canvas edge, the next labelled node or the next
// label; shortened with "…" when the room is short, and left out when too little fits (the
// tooltip and the panel still name the node). Pure: the renderer measures text and draws; the
// placer only decides. One placer per frame (made before each render).

export interface PlacedLabel {
  text: string;
  /** Top left of the label's box, in pixels from the canvas' top left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  text: string;
  /** The node's centre and radius on screen. */
  nodeX: number;
  nodeY: number;
  nodeSize: number;
  /** Must be drawn even when it covers another label (the selected node). */
  priority?: boolean;
}

const GAP = 3;
const MIN_CHARS = 6;
/** Pixels on the right that are enough for a shortened label: left of the node only below this. */
const RIGHT_ENOUGH = 80;

export class LabelPlacer {
  private boxes: PlacedLabel[] = [];
  /** Nodes that labels must not cover (the labelled ones: they matter most). */
  private nodes: PlacedLabel[] = [];
  /** Decisions by node key: a label reserved ahead of the frame is drawn where it was placed. */
  private byKey = new Map<string, PlacedLabel | null>();

  constructor(
    private width: number,
    private height: number,
    /** Label height in pixels (the font size plus a little). */
    private lineHeight: number,
    /** Width in pixels of a text (the renderer's measureText). */
    private measure: (text: string) => number,
  ) {}

  placed(): readonly PlacedLabel[] {
    return this.boxes;
  }

  /** A node that no label may cover. */
  avoidNode(x: number, y: number, size: number) {
    this.nodes.push({ text: '', x: x - size, y: y - size, width: 2 * size, height: 2 * size });
  }

  /** The box to draw the label in, or null when it is left out (the same answer again for a key). */
  place(req: LabelRequest, key?: string): PlacedLabel | null {
    if (key !== undefined && this.byKey.has(key)) return this.byKey.get(key)!;
    const box = this.decide(req);
    if (key !== undefined) this.byKey.set(key, box);
    return box;
  }

  private decide(req: LabelRequest): PlacedLabel | null {
    const h = this.lineHeight;
    const y = Math.min(Math.max(0, req.nodeY - h / 2), Math.max(0, this.height - h));
    const inRow = (b: PlacedLabel) => b.y < y + h && y < b.y + b.height;
    const own = (b: PlacedLabel) => Math.abs(b.x + b.width / 2 - req.nodeX) < 0.5 && Math.abs(b.y + b.height / 2 - req.nodeY) < 0.5;
    const blockers = [...(req.priority ? [] : this.boxes), ...this.nodes.filter((n) => !own(n))].filter(inRow);
    const rightStart = req.nodeX + req.nodeSize + GAP;
    const leftEnd = req.nodeX - req.nodeSize - GAP;
    let rightLimit = this.width;
    let leftLimit = 0;
    for (const b of blockers) {
      if (b.x >= req.nodeX) rightLimit = Math.min(rightLimit, b.x - GAP);
      else if (b.x + b.width <= req.nodeX) leftLimit = Math.max(leftLimit, b.x + b.width + GAP);
    }
    const rightRoom = rightLimit - rightStart;
    const leftRoom = leftEnd - leftLimit;
    let text = req.text;
    let w = this.measure(text);
    // Right, as sigma draws them, unless the right is cramped (the canvas edge) and the left is not.
    const side: 'right' | 'left' = w <= rightRoom || rightRoom >= Math.min(w, RIGHT_ENOUGH) || rightRoom >= leftRoom ? 'right' : 'left';
    const room = side === 'right' ? rightRoom : leftRoom;
    if (w > room) {
      text = this.shorten(req.text, room);
      if (text === '') return null;
      w = this.measure(text);
    }
    const x = side === 'right' ? rightStart : leftEnd - w;
    const box = { text, x, y, width: w, height: h };
    if (blockers.some((b) => overlaps(b, box))) return null;
    if (req.priority) this.boxes = this.boxes.filter((b) => !overlaps(b, box));
    this.boxes.push(box);
    return box;
  }

  /** The longest prefix of `text` plus "…" that fits `room` pixels; '' when too little fits. */
  private shorten(text: string, room: number): string {
    let lo = MIN_CHARS;
    let hi = text.length - 1;
    if (hi < lo || this.measure(`${text.slice(0, lo)}…`) > room) return '';
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.measure(`${text.slice(0, mid)}…`) <= room) lo = mid;
      else hi = mid - 1;
    }
    return `${text.slice(0, lo)}…`;
  }
}

export const overlaps = (a: PlacedLabel, b: PlacedLabel) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
