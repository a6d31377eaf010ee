// Syntax facts of one program for the offline judge, from its tree-sitter tree: routines (with
// their line spans), import / include statements, and the control statements the rules look at
// (branches, loops, jumps), each with its lines. Only a few descendantsOfType queries run per
// program (no walk over every leaf), so the facts of a 4 KB program cost about a parse.
import { normalizeCuda } from '../complexity';
import { parserFor, type ParsedLanguage } from '../treeSitter';
import type { Node } from '@vscode/tree-sitter-wasm';

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

const JUMPS = new Set(['return_statement', 'break_statement', 'continue_statement', 'raise_statement', 'throw_statement']);

export function syntaxFacts(code: string, language: ParsedLanguage): SyntaxFacts {
  const source = language === 'cpp' ? normalizeCuda(code) : code;
  const tree = parserFor(language).parse(source);
  if (!tree) return { language, routines: [], imports: [], stmts: [], parseErrors: true };
  try {
    const root = tree.rootNode;
    const stmts: Stmt[] = [];
    const routines: Routine[] = [];
    const fnSpans: [number, number][] = [];
    for (const node of root.descendantsOfType(language === 'python' ? PY_TYPES : CPP_TYPES)) {
      if (!node) continue;
      const type = node.type;
      const start = node.startPosition.row;
      const end = node.endPosition.row;
      const stmt: Stmt = { kind: KIND[type], type, start, end };
      if (JUMPS.has(type)) stmt.jump = type.replace('_statement', '');
      if (type === 'if_statement') stmt.guard = isGuard(node, language);
      if (type === 'class_specifier' || type === 'struct_specifier') {
        // Only definitions with a body count as a new component, not `struct Foo x;` uses.
        if (!node.childForFieldName('body')) continue;
      }
      stmts.push(stmt);
      if (type === 'function_definition') {
        // Nested definitions belong to the routine around them.
        if (fnSpans.some(([s, e]) => s <= start && end <= e)) continue;
        const outer = node.parent && (node.parent.type === 'decorated_definition' || node.parent.type === 'template_declaration') ? node.parent : node;
        routines.push({ name: routineName(node, language), start: outer.startPosition.row, end });
        fnSpans.push([start, end]);
      }
    }
    const imports = root
      .descendantsOfType(language === 'python' ? ['import_statement', 'import_from_statement', 'future_import_statement'] : ['preproc_include', 'using_declaration'])
      .filter((n): n is Node => n !== null)
      .map((n) => ({ text: n.text.replace(/\s+/g, ' ').trim(), line: n.startPosition.row }));
    return { language, routines, imports, stmts, parseErrors: root.hasError };
  } finally {
    tree.delete();
  }
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
