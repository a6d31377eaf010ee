// The per-language node-type tables of the complexity walk (measureTree.ts): which tree-sitter
// node types are literals, comments, strings, functions, control flow, operators, calls, zones
// where nothing is tunable..., the operator and callee names of the tunable-literal rules
// (Complexity.tunableLiterals), and their per-type-id lookup form for a loaded grammar.
import type { Language, ParsedLanguage } from './treeSitter';

export const LIT = 1 << 0; //        numeric literal token
export const SKIP = 1 << 1; //       string or character literal: nothing inside is counted (f-strings included)
export const COMMENT = 1 << 2;
export const FUNC = 1 << 3; //       named function definition
export const CONTROL = 1 << 4; //    control-flow statement: one nesting level
export const WRAP = 1 << 5; //       transparent around a literal: parentheses, unary + - ~ !
export const BINARY = 1 << 6; //     binary or compound-assignment operator (its operator is its first anonymous child)
export const ARGS = 1 << 7; //       call argument list
export const CALL = 1 << 8; //       call: the first child is the callee
export const KWARG = 1 << 9; //      keyword argument: the first child is the name
export const COLLECTION = 1 << 10; // list / tuple / set display, C++ brace initializer list
export const ZONE = 1 << 11; //      nothing in this subtree is tunable
export const PREPROC_ARG = 1 << 12; // raw text of a C preprocessor directive
export const EXPR_STMT = 1 << 13; // Python expression statement (a bare string one is a comment)
export const ELSE = 1 << 14; //      C++ else clause: an `if` directly inside is `else if`, not nesting
export const LEAF = 1 << 15; //      named type that never has children: not asked for any (a WASM call saved per identifier)

interface Table {
  flags: Record<string, number>;
  /** Per node type, the field whose subtree is a non-tunable zone. */
  zoneFields: Record<string, string>;
}

const SHARED_FLAGS: Record<string, number> = {
  identifier: LEAF,
  true: LEAF,
  false: LEAF,
  comment: COMMENT,
  parenthesized_expression: WRAP,
  argument_list: ARGS,
  function_definition: FUNC,
  if_statement: CONTROL,
  for_statement: CONTROL,
  while_statement: CONTROL,
  try_statement: CONTROL,
  concatenated_string: SKIP,
};

const TABLES: Record<ParsedLanguage, Table> = {
  python: {
    flags: {
      ...SHARED_FLAGS,
      integer: LIT,
      float: LIT,
      string: SKIP,
      with_statement: CONTROL,
      match_statement: CONTROL,
      unary_operator: WRAP,
      binary_operator: BINARY,
      augmented_assignment: BINARY,
      call: CALL,
      keyword_argument: KWARG,
      list: COLLECTION,
      tuple: COLLECTION,
      set: COLLECTION,
      decorator: ZONE,
      case_pattern: ZONE,
      type: ZONE,
      expression_statement: EXPR_STMT,
      none: LEAF,
    },
    zoneFields: { subscript: 'subscript', pair: 'key' },
  },
  cpp: {
    flags: {
      ...SHARED_FLAGS,
      number_literal: LIT,
      string_literal: SKIP,
      raw_string_literal: SKIP,
      char_literal: SKIP,
      system_lib_string: SKIP,
      for_range_loop: CONTROL,
      do_statement: CONTROL,
      switch_statement: CONTROL,
      unary_expression: WRAP,
      binary_expression: BINARY,
      assignment_expression: BINARY,
      call_expression: CALL,
      initializer_list: COLLECTION,
      template_argument_list: ZONE,
      template_parameter_list: ZONE,
      subscript_argument_list: ZONE,
      subscript_designator: ZONE,
      attribute_specifier: ZONE,
      attribute_declaration: ZONE,
      attribute: ZONE,
      enumerator: ZONE,
      bitfield_clause: ZONE,
      new_declarator: ZONE,
      static_assert_declaration: ZONE,
      preproc_arg: PREPROC_ARG,
      else_clause: ELSE,
      field_identifier: LEAF,
      type_identifier: LEAF,
      namespace_identifier: LEAF,
      primitive_type: LEAF,
      null: LEAF,
      this: LEAF,
    },
    zoneFields: {
      array_declarator: 'size',
      case_statement: 'value',
      preproc_if: 'condition',
      preproc_elif: 'condition',
      subscript_expression: 'index',
    },
  },
};

/** Operators whose operands are bit patterns or stream insertions, never knobs. */
export const BITWISE = new Set(['<<', '>>', '&', '|', '^', '<<=', '>>=', '&=', '|=', '^=']);
export const EXPONENT = new Set(['**', '**=']);
export const DIVISION = new Set(['/', '//', '%', '/=', '//=', '%=']);
/** Calls whose arguments are shapes, seeds or output formatting. */
export const SHAPE_SEED_FORMAT_CALLS = new Set([
  'zeros', 'ones', 'empty', 'full', 'reshape', 'resize', 'reserve', 'seed', 'srand', 'setprecision',
  'setw', 'round', 'print', 'printf', 'fprintf', 'sprintf', 'snprintf', 'format',
]);
export const POW_CALLS = new Set(['pow', 'powf', 'powl', 'power', 'float_power']);
/** Keyword arguments that are shapes, axes, seeds or logging. */
export const SHAPE_SEED_KEYWORDS = new Set([
  'axis', 'dim', 'shape', 'size', 'dtype', 'seed', 'random_state', 'decimals', 'ndmin', 'verbose', 'n_jobs', 'maxsize',
]);

/** Node types whose named children are statements (statementCache.ts caches those long enough). */
const STATEMENT_CONTAINERS: Record<ParsedLanguage, string[]> = {
  python: ['module', 'block'],
  cpp: ['translation_unit', 'compound_statement', 'declaration_list'],
};

export interface Grammar {
  flags: Uint16Array;
  /** Named children of this type are statements (STATEMENT_CONTAINERS). */
  container: Uint8Array;
  named: Uint8Array;
  types: string[];
  zoneField: Int32Array;
}

const grammars = new WeakMap<Language, Grammar>();

/** Per-type-id lookup tables for one loaded grammar (type ids are how the cursor walk reads nodes cheaply). */
export function grammarFor(language: Language, lang: ParsedLanguage): Grammar {
  let g = grammars.get(language);
  if (g) return g;
  const table = TABLES[lang];
  const size = 0x10000; // ERROR is type id 65535
  g = { flags: new Uint16Array(size), container: new Uint8Array(size), named: new Uint8Array(size), types: new Array<string>(size).fill(''), zoneField: new Int32Array(size).fill(-1) };
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const name = language.nodeTypeForId(id) ?? '';
    const isNamed = language.nodeTypeIsNamed(id);
    g.types[id] = name;
    g.named[id] = isNamed ? 1 : 0;
    if (!isNamed) continue;
    g.flags[id] = table.flags[name] ?? 0;
    if (STATEMENT_CONTAINERS[lang].includes(name)) g.container[id] = 1;
    const field = table.zoneFields[name];
    if (field) g.zoneField[id] = language.fieldIdForName(field) ?? -1;
  }
  g.named[0xffff] = 1;
  g.types[0xffff] = 'ERROR';
  grammars.set(language, g);
  return g;
}
