import { describe, expect, it } from 'vitest';
import { InputError } from '../../files/errors';
import { ImportError } from '../../trace/schema';
import { messageForUser } from './importPipeline';

describe('messageForUser', () => {
  it('passes input problems through: they name the file and entry at fault', () => {
    expect(messageForUser(new InputError('unsupported-archive', 'junk.zip is not a zip archive (it starts with "hi")'), 'junk.zip')).toBe(
      'junk.zip is not a zip archive (it starts with "hi")',
    );
    expect(messageForUser(new ImportError('invalid JSON', 'gen_1/results/metrics.json', 1), 'run.tgz')).toMatch(/^gen_1\/results\/metrics\.json:1: /);
  });

  it('never shows an errno code or a server path', () => {
    const e = Object.assign(new Error("ENOTDIR: not a directory, stat '/srv/.evoscope/uploads/1234/archive/junk.zip/checkpoints'"), { code: 'ENOTDIR' });
    const shown = messageForUser(e, 'junk.zip');
    expect(shown).toBe('internal error while importing junk.zip (details in the worker log)');
    expect(shown).not.toMatch(/ENOTDIR|\/srv/);
  });
});
