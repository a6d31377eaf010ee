import { describe, expect, it } from 'vitest';
import { safeEntryPath } from './entryPath';
import { InputError, printable } from './errors';
import { firstInvalidUtf8 } from './utf8';

const codeOf = (name: string) => {
  try {
    safeEntryPath(name);
    return null;
  } catch (e) {
    return (e as InputError).code;
  }
};

describe('safeEntryPath', () => {
  it('normalises harmless names', () => {
    expect(safeEntryPath('run/a.txt')).toBe('run/a.txt');
    expect(safeEntryPath('./run//a.txt')).toBe('run/a.txt');
    expect(safeEntryPath('run/x/../a.txt')).toBe('run/a.txt');
    expect(safeEntryPath('win\\dir\\a.txt')).toBe('win/dir/a.txt');
    expect(safeEntryPath('run/')).toBe('run');
    expect(safeEntryPath('./')).toBe('');
    expect(safeEntryPath('..a/b..')).toBe('..a/b..'); // dots inside a name are just characters
  });

  it.each([
    ['../x', 'zip-slip'],
    ['a/../../x', 'zip-slip'],
    ['..\\x', 'zip-slip'],
    ['a\\..\\..\\x', 'zip-slip'],
    ['./../x', 'zip-slip'],
    ['..', 'zip-slip'],
    ['/etc/passwd', 'absolute-path'],
    ['\\etc\\passwd', 'absolute-path'],
    ['\\\\server\\share\\x', 'absolute-path'],
    ['//server/share/x', 'absolute-path'],
    ['C:\\x', 'absolute-path'],
    ['c:/x', 'absolute-path'],
    ['C:x', 'absolute-path'],
    ['a\0b', 'invalid-path'],
    [`${'n'.repeat(256)}/x`, 'invalid-path'],
    [`${'d/'.repeat(2100)}x`, 'invalid-path'],
  ])('%s -> %s', (name, code) => {
    expect(codeOf(name)).toBe(code);
  });
});

describe('InputError', () => {
  it('formats <file>[:<line>]: <what>', () => {
    expect(new InputError('json-syntax', 'invalid JSON', { file: 'run/a.jsonl', line: 3 }).message).toBe('run/a.jsonl:3: invalid JSON');
    expect(new InputError('too-large', 'too big', { file: 'a.bin' }).message).toBe('a.bin: too big');
    expect(new InputError('truncated', 'cut').message).toBe('cut');
  });

  it('shows control characters in names instead of interpreting them', () => {
    expect(printable('evil\n\u001b[31mred')).toBe('evil\\x0a\\x1b[31mred');
    expect(new InputError('zip-slip', 'bad', { file: 'a\nb' }).message).toBe('a\\x0ab: bad');
    expect(printable('x'.repeat(1000), 21)).toBe(`${'x'.repeat(10)}…${'x'.repeat(10)}`);
  });
});

describe('firstInvalidUtf8', () => {
  it.each([
    [[0x61, 0xc3, 0xa9], 3], // valid "aé"
    [[0x61, 0xc0, 0xaf], 1], // overlong '/'
    [[0xed, 0xa0, 0x80], 0], // surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
    [[0x61, 0xe2, 0x82], 1], // cut in the middle
    [[0xff], 0],
  ])('%j -> %i', (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
});
