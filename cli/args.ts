// Flag parsing shared by the CLI's commands, on Node's util.parseArgs (strict): `--flag value`,
// `--flag=value` and boolean switches, with at most one positional argument. Every mistake is a
// UsageError (exit code 2, with the usage text), worded the same whatever util.parseArgs said.
import { parseArgs as nodeParseArgs } from 'node:util';

export class UsageError extends Error {}

export interface ParsedArgs {
  positional: string | undefined;
  values: Record<string, string>;
  switches: Set<string>;
}

export interface ArgsSpec {
  /** Options that take a value (`--name value` or `--name=value`; never empty). */
  values: string[];
  /** Options that take none. */
  switches?: string[];
  /** What the one positional argument is, named when a second one comes. */
  positional: string;
}

export function parseArgs(args: string[], spec: ArgsSpec): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of spec.values) options[name] = { type: 'string' };
  for (const name of spec.switches ?? []) options[name] = { type: 'boolean' };
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw usageError(e, spec);
  }
  const out: ParsedArgs = { positional: undefined, values: {}, switches: new Set() };
  for (const [name, v] of Object.entries(parsed.values)) {
    if (typeof v === 'string') {
      if (v === '') throw new UsageError(`--${name} needs a value`);
      out.values[name] = v;
    } else if (v === true) out.switches.add(name);
  }
  const [positional, extra] = parsed.positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra} (one ${spec.positional} at a time)`);
  out.positional = positional;
  return out;
}

/** util.parseArgs's TypeError as our usage error; the option comes from its message ('--x'). */
function usageError(e: unknown, spec: ArgsSpec): unknown {
  const { code, message } = e as { code?: string; message?: string };
  const quoted = /'(-{1,2}[^'\s]+)/.exec(message ?? '')?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown option ${quoted ?? message}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (!quoted) return new UsageError(message ?? 'invalid option');
      if (message?.includes('does not take an argument')) return new UsageError(`${quoted} takes no value`);
      // `--name --json`, `--seed -1`: the next argument looks like an option, so it is not taken.
      if (message?.includes('ambiguous')) return new UsageError(`${quoted} needs a value (one starting with '-' is written ${quoted}=-...)`);
      return new UsageError(`${quoted} needs a value`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': // not raised while positionals are allowed
      return new UsageError(`unexpected argument ${/'([^']*)'/.exec(message ?? '')?.[1] ?? ''} (one ${spec.positional} at a time)`);
    default:
      return e;
  }
}
