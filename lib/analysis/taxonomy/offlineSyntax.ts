// Syntax facts of one program for the offline judge, from its tree-sitter tree: routines (with
// their line spans), import / include statements, and the control statements the rules look at
// (branches, loops, jumps), each with its lines. Only a few descendantsOfType queries run per
// program (no walk over every leaf), so the facts of a 4 KB program cost about a parse.
import { normalizeCuda } from '../normalizeCuda';
import { parserFor, type ParsedLanguage, type Tree } from '../treeSitter';
import type { Edit, Node } from '@vscode/tree-sitter-wasm';

export interface Routine {
  name: string;
  /** 0-based first and last line, decorators / template headers included. */
  start: number;
  end: number;
}

export type StmtKind = 'branch' | 'loop' | 'jump' | 'try' | 'function' | 'class';

export interface Stmt {
  kind: StmtKind;
  type: string;
  start: number;
  end: number;
  /** Branches: a guard, i.e. an `if` whose body is a single return / continue / break / raise / throw. */
  guard?: boolean;
  /** Jumps: the keyword (return, break, continue, raise, throw). */
  jump?: string;
}

export interface SyntaxFacts {
  language: ParsedLanguage;
  routines: Routine[];
  /** Import statements / #include lines: normalised text and 0-based line. */
  imports: { text: string; line: number }[];
  stmts: Stmt[];
  /** The tree has ERROR or MISSING nodes (facts come from tree-sitter's recovery). */
  parseErrors: boolean;
}

const PY_TYPES = ['if_statement', 'elif_clause', 'else_clause', 'for_statement', 'while_statement', 'return_statement', 'break_statement', 'continue_statement', 'raise_statement', 'try_statement', 'except_clause', 'with_statement', 'match_statement', 'case_clause', 'function_definition', 'class_definition'];
const CPP_TYPES = ['if_statement', 'else_clause', 'for_statement', 'for_range_loop', 'while_statement', 'do_statement', 'switch_statement', 'case_statement', 'return_statement', 'break_statement', 'continue_statement', 'throw_statement', 'try_statement', 'catch_clause', 'function_definition', 'class_specifier', 'struct_specifier'];

const IMPORT_TYPES = new Set(['import_statement', 'import_from_statement', 'future_import_statement', 'preproc_include', 'using_declaration']);
const PY_QUERY = [...PY_TYPES, 'import_statement', 'import_from_statement', 'future_import_statement'];
const CPP_QUERY = [...CPP_TYPES, 'preproc_include', 'using_declaration'];

const KIND: Record<string, StmtKind> = {
  if_statement: 'branch',
  elif_clause: 'branch',
  else_clause: 'branch',
  case_clause: 'branch',
  case_statement: 'branch',
  switch_statement: 'branch',
  match_statement: 'branch',
  for_statement: 'loop',
  for_range_loop: 'loop',
  while_statement: 'loop',
  do_statement: 'loop',
  return_statement: 'jump',
  break_statement: 'jump',
  continue_statement: 'jump',
  raise_statement: 'jump',
  throw_statement: 'jump',
  try_statement: 'try',
  except_clause: 'try',
  catch_clause: 'try',
  with_statement: 'try',
  function_definition: 'function',
  class_definition: 'class',
  class_specifier: 'class',
  struct_specifier: 'class',
};

const CHUNK = 512;

const JUMPS = new Set(['return_statement', 'break_statement', 'continue_statement', 'raise_statement', 'throw_statement']);

/**
 * The facts of a program and its tree (the caller owns the tree and deletes it). With `base`, the
 * parse is incremental: the parent's tree, told where the text changed (`edits`, applied to a
 * copy), lets tree-sitter reuse every subtree outside the changed lines, which is what makes a
 * run of 10k edits of 4 KB programs cheap (the result equals a full parse: offlineJudge.test.ts).
 */
export function syntaxFacts(code: string, language: ParsedLanguage, base?: { tree: Tree; edits: Edit[] }): { facts: SyntaxFacts; tree: Tree | null } {
  const source = language === 'cpp' ? normalizeCuda(code) : code;
  let old: Tree | null = null;
  if (base) {
    old = base.tree.copy();
    for (const e of base.edits) old.edit(e);
  }
  // Read the source in small chunks: given a string, web-tree-sitter copies everything from the
  // requested offset on (up to 10 KB) at each read, and an incremental parse reads at many offsets.
  const tree = parserFor(language).parse((index: number) => source.slice(index, index + CHUNK), old);
  old?.delete();
  if (!tree) return { facts: { language, routines: [], imports: [], stmts: [], parseErrors: true }, tree: null };
  return { facts: factsOf(tree, language), tree };
}

/**
 * Routines, found by walking only the containers that can hold them (module, class bodies,
 * namespaces, templates, preprocessor blocks, top-level if / try): never a routine's body, so the
 * walk costs a few dozen node visits, not the whole tree. Statements and imports are asked for
 * per edit, in the changed lines only (factsIn).
 */
function factsOf(tree: Tree, language: ParsedLanguage): SyntaxFacts {
  const root = tree.rootNode;
  const routines: Routine[] = [];
  const visit = (node: Node, depth: number) => {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'function_definition') {
        const outer = node.type === 'decorated_definition' || node.type === 'template_declaration' ? node : child;
        routines.push({ name: routineName(child, language), start: outer.startPosition.row, end: child.endPosition.row });
      } else if (depth < 12 && CONTAINERS.has(child.type)) visit(child, depth + 1);
    }
  };
  visit(root, 0);
  routines.sort((a, b) => a.start - b.start);
  return { language, routines, imports: [], stmts: [], parseErrors: root.hasError };
}

const CONTAINERS = new Set([
  'decorated_definition', 'class_definition', 'block', 'if_statement', 'else_clause', 'elif_clause', 'try_statement', 'except_clause', 'finally_clause', 'with_statement',
  'template_declaration', 'namespace_definition', 'declaration_list', 'linkage_specification', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif',
  'class_specifier', 'struct_specifier', 'field_declaration_list', 'declaration', 'type_definition',
]);

/** Control statements and imports intersecting the given 0-based line ranges [from, to). */
export function factsIn(tree: Tree | null, language: ParsedLanguage, ranges: [number, number][]): { stmts: Stmt[]; imports: SyntaxFacts['imports'] } {
  const stmts: Stmt[] = [];
  const imports: SyntaxFacts['imports'] = [];
  if (!tree) return { stmts, imports };
  const seen = new Set<number>();
  for (const [from, to] of ranges) {
    if (to <= from) continue;
    for (const node of tree.rootNode.descendantsOfType(language === 'python' ? PY_QUERY : CPP_QUERY, { row: from, column: 0 }, { row: to, column: 0 })) {
      if (!node || seen.has(node.id)) continue;
      seen.add(node.id);
      const type = node.type;
      const start = node.startPosition.row;
      const end = node.endPosition.row;
      if (end < from || start >= to) continue;
      if (IMPORT_TYPES.has(type)) {
        imports.push({ text: node.text.replace(/\s+/g, ' ').trim(), line: start });
        continue;
      }
      if ((type === 'class_specifier' || type === 'struct_specifier') && !node.childForFieldName('body')) continue;
      const stmt: Stmt = { kind: KIND[type], type, start, end };
      if (JUMPS.has(type)) stmt.jump = type.replace('_statement', '');
      if (type === 'if_statement') stmt.guard = isGuard(node, language);
      stmts.push(stmt);
    }
  }
  stmts.sort((a, b) => a.start - b.start || a.end - b.end);
  return { stmts, imports };
}

function routineName(node: Node, language: ParsedLanguage): string {
  if (language === 'python') return node.childForFieldName('name')?.text ?? '?';
  // C++: function_declarator (possibly under pointer / reference declarators) -> its declarator.
  let d: Node | null = node.childForFieldName('declarator');
  for (let k = 0; d && k < 6; k++) {
    if (d.type === 'function_declarator') return d.childForFieldName('declarator')?.text.replace(/\s+/g, '') ?? '?';
    d = d.childForFieldName('declarator');
  }
  return '?';
}

/** An `if` whose consequence is a single jump statement: `if (...) return x;`, `if ...: continue`. */
function isGuard(node: Node, language: ParsedLanguage): boolean {
  const body = node.childForFieldName('consequence');
  if (!body) return false;
  if (JUMPS.has(body.type)) return true;
  const kids = body.namedChildren.filter((k): k is Node => k !== null && k.type !== 'comment');
  if (language === 'python' ? body.type !== 'block' : body.type !== 'compound_statement') return false;
  return kids.length === 1 && JUMPS.has(kids[0].type);
}
