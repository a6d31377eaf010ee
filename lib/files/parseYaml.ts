// YAML from an untrusted run folder (experiment configs), parsed with a bound on what it
// EXPANDS to instead of on how many aliases it holds.
//
// Why: the `yaml` package's default guard (maxAliasCount 100) counts alias uses, weighted by the
// aliases nested inside each anchor. Real configs trip it: PyYAML anchors every object an
// OmegaConf config shares (`&id001` ... `*id001`), and a 12 KB ShinkaEvolve
// experiment_config.yaml with 84 aliases is refused as a "resource exhaustion attack". What
// actually hurts is expansion: aliases resolve to shared objects, and whoever serialises the
// result (JSON for the database) writes every alias out in full, so nine nested levels of nine
// aliases ("billion laughs") become 10^9 values. So we count the expanded size, memoised per
// node (linear in the document), and refuse beyond a budget far above any real config.
import YAML, { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';

/** Values (scalars, keys and collections) the document may expand to. */
export const MAX_YAML_EXPANDED_VALUES = 200_000;
/** Characters of scalar text the document may expand to. */
export const MAX_YAML_EXPANDED_CHARS = 16 * 1024 * 1024;

export class YamlTooLargeError extends Error {}

interface Size {
  values: number;
  chars: number;
}

export interface ParseYamlOptions {
  /**
   * Remove every map entry or list item that is an alias to one of its own ancestors (a cycle)
   * instead of refusing the document. PyYAML's dump of an OmegaConf object (what ShinkaEvolve's
   * experiment_config.yaml can be) gives every node a `_parent: *idN` back-reference to the
   * container holding it; the entries removed are named in `dropped`.
   */
  dropBackReferences?: boolean;
  dropped?: string[];
}

/** Parses one YAML document; throws on syntax errors, cyclic aliases and oversized expansion. */
export function parseYamlBounded(
  text: string,
  limits = { values: MAX_YAML_EXPANDED_VALUES, chars: MAX_YAML_EXPANDED_CHARS },
  opts: ParseYamlOptions = {},
): unknown {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw doc.errors[0];
  if (opts.dropBackReferences) dropBackReferences(doc, opts.dropped ?? []);
  const total = expandedSize(doc, limits);
  if (total.values > limits.values || total.chars > limits.chars) {
    throw new YamlTooLargeError(`its aliases expand to more than ${limits.values} values or ${limits.chars} characters`);
  }
  // Alias counting off: expandedSize above is the guard.
  return doc.toJS({ maxAliasCount: -1 });
}

/** Removes, in place, the entries whose value is an alias to an ancestor of that entry. */
function dropBackReferences(doc: Document, dropped: string[]) {
  const open = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!isMap(node) && !isSeq(node)) return;
    open.add(node);
    const items = (node as { items: unknown[] }).items;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      const value = isPair(item) ? item.value : item;
      if (isAlias(value)) {
        if (open.has(value.resolve(doc))) {
          dropped.push(isPair(item) && isScalar(item.key) ? String(item.key.value) : `*${value.source}`);
          items.splice(i, 1);
        }
      } else {
        walk(value);
      }
    }
    open.delete(node);
  };
  walk(doc.contents);
}

function expandedSize(doc: Document, limits: { values: number; chars: number }): Size {
  const memo = new Map<unknown, Size>();
  const open = new Set<unknown>();
  const over = (s: Size) => s.values > limits.values || s.chars > limits.chars;

  const size = (node: unknown): Size => {
    if (node === null || node === undefined) return { values: 1, chars: 0 };
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target) return { values: 1, chars: 0 };
      if (open.has(target)) throw new YamlTooLargeError(`alias *${node.source} refers to a node that contains it`);
      return size(target);
    }
    const known = memo.get(node);
    if (known) return known;
    open.add(node);
    let s: Size;
    if (isScalar(node)) s = { values: 1, chars: String(node.value ?? '').length };
    else if (isPair(node)) s = add(size(node.key), size(node.value));
    else if (isMap(node) || isSeq(node)) {
      s = { values: 1, chars: 0 };
      for (const item of (node as { items: unknown[] }).items) {
        s = add(s, size(item));
        if (over(s)) break; // stop walking: the answer is already "too large"
      }
    } else s = { values: 1, chars: 0 };
    open.delete(node);
    memo.set(node, s);
    return s;
  };
  return size(doc.contents as Node | null);
}

const add = (a: Size, b: Size): Size => ({ values: a.values + b.values, chars: a.chars + b.chars });
