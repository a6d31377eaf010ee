import { describe, expect, it } from 'vitest';
import { importFormats } from './detect';
import { FORMAT_LIST } from './formatList';

describe('FORMAT_LIST', () => {
  it('names the importers of detect.ts, in detection order, with their descriptions', () => {
    expect(FORMAT_LIST).toEqual(importFormats.map((f) => ({ format: f.format, description: f.description })));
  });
});
