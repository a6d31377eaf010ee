// Measures a sequence of sources, each parsed incrementally from its base's tree (its parent's
// source, complexity.ts programComplexityFrom) while that tree is still kept. Trees live in the
// tree-sitter WASM heap, so only the most recently used `capacity` are kept (parents are usually
// recent programs: a search samples from its current population), and close() frees them.
import { programComplexityFrom, type Complexity, type ParsedSource } from './complexity';

export interface SequenceItem {
  code: string;
  language: string | null;
  /** Index (in the same numbering as measure()'s) of the source this one derives from. */
  base?: number;
}

export class IncrementalMeasurer {
  private readonly trees = new Map<number, ParsedSource>();
  /** Sources parsed from a kept base tree. */
  incremental = 0;

  constructor(private readonly capacity = 256) {}

  measure(index: number, item: SequenceItem): Complexity {
    const base = item.base === undefined ? null : this.take(item.base);
    const { complexity, parsed } = programComplexityFrom(item.code, item.language, base);
    if (base && parsed) this.incremental++;
    if (parsed) this.keep(index, parsed);
    return complexity;
  }

  close() {
    for (const t of this.trees.values()) t.tree.delete();
    this.trees.clear();
  }

  private take(index: number): ParsedSource | null {
    const t = this.trees.get(index);
    if (!t) return null;
    this.trees.delete(index); // most recently used last
    this.trees.set(index, t);
    return t;
  }

  private keep(index: number, parsed: ParsedSource) {
    this.trees.get(index)?.tree.delete();
    this.trees.delete(index);
    this.trees.set(index, parsed);
    if (this.trees.size > this.capacity) {
      const [oldest, t] = this.trees.entries().next().value!;
      t.tree.delete();
      this.trees.delete(oldest);
    }
  }
}
