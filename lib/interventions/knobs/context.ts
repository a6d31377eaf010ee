// What surrounds a numeric literal in the syntax tree: the name it is given (the assigned
// variable, the keyword, the called function), how it is used (operand of which operator,
// argument of which call), and which structural zones it sits in (string, subscript, loop
// header, preprocessor condition ...). The offline finder's rules (rules.ts) read only this.
import type { Node } from '@vscode/tree-sitter-wasm';
import type { KnobLanguage } from '../../contracts/interventionTypes';
import type { LiteralSite } from './literals';

export type Zone =
  | 'string'
  | 'index'
  | 'collection'
  | 'shape'
  | 'type-level'
  | 'pattern'
  | 'preprocessor'
  | 'loop-header'
  | 'main-guard'
  | 'user-literal';

export interface LiteralContext {
  /** The identifier the literal is given to (raw spelling), or null. */
  name: string | null;
  /** How the name was found. */
  role: 'assign' | 'augmented' | 'keyword' | 'default' | 'argument' | 'compare' | 'return' | 'none';
  /** The nearest enclosing call the literal is an argument of (through expressions), its last name. */
  callee: string | null;
  /** Position of the argument (in that call) that contains the literal. */
  argIndex: number;
  /** In a comparison with a call's result: that call's last name (`scanf(...) != 2` -> scanf). */
  comparedCall: string | null;
  /** Keyword of the keyword argument containing the literal (Python). */
  keyword: string | null;
  /** Operator of the nearest binary expression the literal is a direct operand of, and which side. */
  operator: string | null;
  rightOperand: boolean;
  /** The function whose default parameter the literal is (Python), else null. */
  defaultOf: string | null;
  /** Assigned at module level, or a C++ const / constexpr declaration. */
  namedConstant: boolean;
  zones: Set<Zone>;
}

const WRAPPERS = new Set(['parenthesized_expression', 'unary_operator', 'unary_expression']);
const STOP = /(_statement|_definition|^block$|^module$|^translation_unit$|^compound_statement$|^declaration_list$|^field_declaration_list$)/;
/** Calls that only transform their argument: the name comes from what the result is assigned to. */
const GENERIC_CALLS = new Set([
  'max', 'min', 'abs', 'fabs', 'sqrt', 'exp', 'log', 'float', 'int', 'double', 'clip', 'maximum', 'minimum',
  'array', 'asarray', 'full', 'full_like', 'static_cast', 'round', 'floor', 'ceil', 'fmax', 'fmin',
]);

/** The last identifier of an expression naming something: `np.random.seed` -> seed, `self.lr` -> lr, `a[i]` -> a. */
export function lastName(node: Node | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case 'identifier':
    case 'field_identifier':
    case 'type_identifier':
    case 'namespace_identifier':
      return node.text;
    case 'attribute':
      return lastName(node.childForFieldName('attribute'));
    case 'field_expression':
      return lastName(node.childForFieldName('field'));
    case 'subscript':
    case 'subscript_expression':
      return lastName(node.childForFieldName('value') ?? node.childForFieldName('argument'));
    case 'qualified_identifier':
      return lastName(node.childForFieldName('name'));
    case 'template_function':
      return lastName(node.childForFieldName('name'));
    case 'pattern_list':
    case 'tuple_pattern':
      return lastName(node.namedChild(0));
    case 'init_declarator':
    case 'pointer_declarator':
    case 'reference_declarator':
    case 'array_declarator':
      return lastName(node.childForFieldName('declarator') ?? node.namedChild(0));
    default:
      return null;
  }
}

const isField = (parent: Node, field: string, child: Node) => parent.childForFieldName(field)?.equals(child) ?? false;

/** Index of `child` among the named children of `parent` (comments skipped). */
function namedIndex(parent: Node, child: Node): number {
  let i = 0;
  for (const c of parent.namedChildren) {
    if (!c || c.type === 'comment') continue;
    if (c.equals(child)) return i;
    i++;
  }
  return -1;
}

/** The first identifier of a subtree, depth first (`it % 250` -> it). */
function firstIdentifier(node: Node): string | null {
  const own = lastName(node);
  if (own) return own;
  for (const c of node.namedChildren) {
    const found = c && firstIdentifier(c);
    if (found) return found;
  }
  return null;
}

/**
 * The identifier a comparison compares the literal with: the first identifier of the other
 * side (`if depth < 30` -> depth, `it % 250 == 249` -> it for 249), else of the literal's own
 * side (-> it for 250).
 */
function comparedName(cmp: Node, side: Node): string | null {
  for (const c of cmp.namedChildren) {
    const found = c && !c.equals(side) ? firstIdentifier(c) : null;
    if (found) return found;
  }
  return firstIdentifier(side);
}

export function literalContext(site: LiteralSite, language: KnobLanguage): LiteralContext {
  const ctx: LiteralContext = {
    name: null, role: 'none', callee: null, comparedCall: null, argIndex: -1, keyword: null, operator: null, rightOperand: false,
    defaultOf: null, namedConstant: false, zones: new Set(),
  };
  let child: Node = site.outer;
  let direct = true; // still a direct operand (only wrappers passed)
  for (let p = child.parent; p; child = p, p = p.parent) {
    const t = p.type;
    if (direct && WRAPPERS.has(t)) continue;
    const wasDirect = direct;
    direct = false;
    // Zones: anywhere above.
    if (t === 'string' || t === 'interpolation' || t === 'concatenated_string' || t === 'string_literal') ctx.zones.add('string');
    else if ((t === 'subscript' && !isField(p, 'value', child)) || t === 'slice' || t === 'subscript_argument_list' || t === 'subscript_designator') ctx.zones.add('index');
    else if (t === 'subscript_expression' && isField(p, 'index', child)) ctx.zones.add('index');
    else if (t === 'pair' && isField(p, 'key', child)) ctx.zones.add('index');
    else if ((t === 'array_declarator' && isField(p, 'size', child)) || t === 'new_declarator' || t === 'template_argument_list' || t === 'template_parameter_list') ctx.zones.add('shape');
    else if (['enumerator', 'bitfield_clause', 'static_assert_declaration', 'attribute_specifier', 'attribute_declaration', 'attribute', 'decorator', 'type'].includes(t)) ctx.zones.add('type-level');
    else if (t === 'case_statement' && isField(p, 'value', child)) ctx.zones.add('type-level');
    else if (t === 'case_pattern') ctx.zones.add('pattern');
    else if (t === 'user_defined_literal') ctx.zones.add('user-literal');
    else if (t.startsWith('preproc_') && !['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif'].includes(t)) ctx.zones.add('preprocessor');
    else if ((t === 'preproc_if' || t === 'preproc_elif') && isField(p, 'condition', child)) ctx.zones.add('preprocessor');
    else if (t === 'for_statement' && language === 'cpp' && !isField(p, 'body', child)) ctx.zones.add('loop-header');
    else if (t === 'if_statement' && language === 'python' && /^__name__\s*==\s*['"]__main__['"]$/.test(p.childForFieldName('condition')?.text ?? '')) ctx.zones.add('main-guard');
    if (wasDirect && ['list', 'tuple', 'set', 'initializer_list'].includes(t)) ctx.zones.add('collection');
    if (wasDirect && (t === 'binary_operator' || t === 'binary_expression' || t === 'augmented_assignment' || t === 'assignment_expression')) {
      ctx.operator = p.childForFieldName('operator')?.type ?? null;
      ctx.rightOperand = isField(p, 'right', child);
    }
    if (ctx.role !== 'none') continue; // name found: only zones are still collected
    // Names: the nearest naming construct.
    if (t === 'call' || t === 'call_expression') {
      if (child.type === 'argument_list' && ctx.callee === null) {
        ctx.callee = lastName(p.childForFieldName('function'));
        if (ctx.callee && !GENERIC_CALLS.has(ctx.callee)) {
          ctx.name = ctx.callee;
          ctx.role = 'argument';
        }
      }
    } else if (t === 'argument_list' && ctx.argIndex < 0) {
      ctx.argIndex = namedIndex(p, child);
    } else if (t === 'keyword_argument') {
      ctx.keyword = lastName(p.childForFieldName('name'));
      ctx.name = ctx.keyword;
      ctx.role = 'keyword';
    } else if (t === 'default_parameter' || t === 'typed_default_parameter') {
      ctx.name = lastName(p.childForFieldName('name'));
      ctx.role = 'default';
      const fn = p.parent?.parent;
      ctx.defaultOf = fn?.type === 'function_definition' ? lastName(fn.childForFieldName('name')) : null;
    } else if (t === 'assignment' || t === 'augmented_assignment' || t === 'assignment_expression') {
      ctx.name = lastName(p.childForFieldName('left'));
      ctx.role = t === 'augmented_assignment' || (t === 'assignment_expression' && p.childForFieldName('operator')?.type !== '=') ? 'augmented' : 'assign';
      ctx.namedConstant = t === 'assignment' && p.parent?.type === 'expression_statement' && p.parent.parent?.type === 'module';
    } else if (t === 'init_declarator' || t === 'field_declaration') {
      ctx.name = lastName(p.childForFieldName('declarator'));
      ctx.role = 'assign';
      // `mt19937 rng(42)`: a constructor call; its type is the callee.
      if (child.type === 'argument_list' || child.type === 'initializer_list') ctx.callee ??= lastName(p.parent?.childForFieldName('type') ?? null);
      const decl = t === 'field_declaration' ? p : p.parent;
      ctx.namedConstant = !!decl && /\b(const|constexpr)\b/.test(decl.children.filter((c) => c?.type === 'type_qualifier').map((c) => c!.text).join(' '));
    } else if (t === 'comparison_operator' || (t === 'binary_expression' && /^[<>]=?$|^[!=]=$/.test(p.childForFieldName('operator')?.type ?? ''))) {
      const other = comparedName(p, child);
      const call = p.namedChildren.find((c) => c && !c.equals(child) && (c.type === 'call' || c.type === 'call_expression'));
      if (call) ctx.comparedCall = lastName(call.childForFieldName('function'));
      if (other) {
        ctx.name = `${other}_threshold`;
        ctx.role = 'compare';
      }
    } else if (t === 'return_statement') {
      let fn: Node | null = p.parent;
      while (fn && fn.type !== 'function_definition') fn = fn.parent;
      const fname = fn ? lastName(fn.childForFieldName('name') ?? fn.childForFieldName('declarator')?.childForFieldName('declarator') ?? null) : null;
      if (fname) {
        ctx.name = `${fname}_result`;
        ctx.role = 'return';
      }
    }
    if (STOP.test(t) && t !== 'expression_statement' && ctx.role === 'none' && ctx.callee) {
      ctx.name = ctx.callee;
      ctx.role = 'argument';
    }
  }
  return ctx;
}
