import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args';

const spec = { values: ['name', 'format'], switches: ['json', 'no-aux'], positional: 'path' };
const parse = (...args: string[]) => parseArgs(args, spec);

/** The usage error's message, or a failure when there is none. */
function usage(...args: string[]): string {
  try {
    parse(...args);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`no usage error for ${args.join(' ')}`);
}

describe('parseArgs', () => {
  it('reads values given as --flag value and --flag=value, switches and one positional', () => {
    const a = parse('dir', '--name', 'My run', '--format=openevolve', '--json', '--no-aux');
    expect(a.positional).toBe('dir');
    expect(a.values).toEqual({ name: 'My run', format: 'openevolve' });
    expect([...a.switches].sort()).toEqual(['json', 'no-aux']);
  });

  it('leaves out what was not given', () => {
    const a = parse();
    expect(a).toEqual({ positional: undefined, values: {}, switches: new Set() });
  });

  it('keeps everything after the first = of an inline value, and the last of a repeated flag', () => {
    expect(parse('--name=a=b').values.name).toBe('a=b');
    expect(parse('--name', 'a', '--name=b').values.name).toBe('b');
  });

  it('takes options before or after the positional', () => {
    expect(parse('--json', 'dir').positional).toBe('dir');
    expect(parse('dir', '--json').positional).toBe('dir');
  });

  it('refuses an unknown option, with or without a value, long or short', () => {
    expect(usage('--bogus')).toBe('unknown option --bogus');
    expect(usage('dir', '--bogus=1')).toBe('unknown option --bogus');
    expect(usage('-x')).toBe('unknown option -x');
  });

  it('refuses a value option without a value', () => {
    expect(usage('dir', '--name')).toBe('--name needs a value');
    expect(usage('--name=')).toBe('--name needs a value');
    expect(usage('--name', '')).toBe('--name needs a value');
  });

  it('does not take the next option as the value; a value starting with - is written inline', () => {
    expect(usage('--name', '--json')).toMatch(/^--name needs a value \(one starting with '-' is written --name=-\.\.\.\)$/);
    expect(usage('--name', '-1')).toMatch(/^--name needs a value/);
    expect(parse('--name=-1').values.name).toBe('-1');
  });

  it('refuses a value given to a switch', () => {
    expect(usage('--json=yes')).toBe('--json takes no value');
  });

  it('refuses a second positional, naming it and what the one positional is', () => {
    expect(usage('a', 'b')).toBe('unexpected argument b (one path at a time)');
    expect(usage('a', '--json', 'b', '--name', 'n')).toBe('unexpected argument b (one path at a time)');
  });

  it('reads everything after -- as positionals', () => {
    expect(parse('--', '--json').positional).toBe('--json');
    expect(usage('a', '--', 'b')).toBe('unexpected argument b (one path at a time)');
  });

  it('with no switches declared, every flag without a value is unknown', () => {
    expect(() => parseArgs(['--json'], { values: ['name'], positional: 'run' })).toThrow('unknown option --json');
  });
});
