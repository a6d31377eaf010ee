// The functions of a program for ablation by function: every function_definition of the
// tree-sitter tree (methods and nested functions included), named by its qualified name
// (Python "Class.method", "outer.inner"; C++ "ns::Class::method", an out-of-class
// "Class::method" as written) with its line span (decorators and template headers included).
// Overloads share a name: the k-th of a name (k >= 2, in file order) gets the key "name#k",
// so the parent's and the child's versions pair up by position among namesakes.
import { normalizeCuda } from '../../analysis/normalizeCuda';
import { parserFor } from '../../analysis/treeSitter';
import type { Node } from '@vscode/tree-sitter-wasm';
import type { KnobLanguage } from '../../contracts/interventionTypes';

export interface FunctionSpan {
  /** Qualified name. */
  name: string;
  /** The name, or "name#k" for the k-th namesake (overloads). */
  key: string;
  /** 0-based first and last line (inclusive). */
  start: number;
  end: number;
}

const PY_SCOPES = new Set(['class_definition', 'function_definition']);
const CPP_SCOPES = new Set(['class_specifier', 'struct_specifier', 'union_specifier', 'namespace_definition']);
const CHUNK = 8192;

/** The program's functions in file order; [] when it does not parse at all. Needs `await initParsers()` first. */
export function functionSpans(source: string, language: KnobLanguage): FunctionSpan[] {
  // CUDA keywords and launches are blanked to C++ of the same length: lines do not move.
  const text = language === 'cpp' ? normalizeCuda(source) : source;
  const tree = parserFor(language).parse((i: number) => text.slice(i, i + CHUNK));
  if (!tree) return [];
  try {
    const sep = language === 'python' ? '.' : '::';
    const found: { name: string; start: number; end: number }[] = [];
    const visit = (node: Node, scope: string[]) => {
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type === 'function_definition') {
          const outer = node.type === 'decorated_definition' || node.type === 'template_declaration' ? node : child;
          const name = [...scope, functionName(child, language)].join(sep);
          found.push({ name, start: outer.startPosition.row, end: child.endPosition.row });
          visit(child, [...scope, functionName(child, language)]);
        } else if (language === 'python' ? PY_SCOPES.has(child.type) : CPP_SCOPES.has(child.type)) {
          const n = child.childForFieldName('name')?.text;
          visit(child, n ? [...scope, n] : scope);
        } else visit(child, scope);
      }
    };
    visit(tree.rootNode, []);
    const seen = new Map<string, number>();
    return found
      .sort((a, b) => a.start - b.start || b.end - a.end)
      .map((f) => {
        const k = (seen.get(f.name) ?? 0) + 1;
        seen.set(f.name, k);
        return { ...f, key: k === 1 ? f.name : `${f.name}#${k}` };
      });
  } finally {
    tree.delete();
  }
}

function functionName(node: Node, language: KnobLanguage): string {
  if (language === 'python') return node.childForFieldName('name')?.text ?? '?';
  // C++: the function_declarator (possibly under pointer / reference declarators) names it.
  let d: Node | null = node.childForFieldName('declarator');
  for (let k = 0; d && k < 8; k++) {
    if (d.type === 'function_declarator') return d.childForFieldName('declarator')?.text.replace(/\s+/g, '') ?? '?';
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c?.type.endsWith('declarator')) ?? null;
  }
  return '?';
}
