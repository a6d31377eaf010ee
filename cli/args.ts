// Flag parsing shared by the CLI's commands: `--flag value`, `--flag=value` and boolean flags,
// with one positional argument. Errors are usage errors (exit code 2).
export class UsageError extends Error {}

export interface ParsedArgs {
  positional: string | undefined;
  values: Record<string, string>;
  switches: Set<string>;
}

export function parseArgs(
  args: string[],
  spec: { values: string[]; switches?: string[]; positional: string },
): ParsedArgs {
  const out: ParsedArgs = { positional: undefined, values: {}, switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.split(/=(.*)/s, 2);
    const name = flag.slice(2);
    if (a.startsWith('--') && spec.switches?.includes(name) && inline === undefined) out.switches.add(name);
    else if (a.startsWith('--') && spec.values.includes(name)) {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      out.values[name] = v;
    } else if (a.startsWith('--')) throw new UsageError(`unknown option ${flag}`);
    else if (out.positional !== undefined) throw new UsageError(`unexpected argument ${a} (one ${spec.positional} at a time)`);
    else out.positional = a;
  }
  return out;
}
