import { expect, it } from 'vitest';
import { editorHeight, monacoLanguage } from './monacoLanguage';

it('maps source language names to Monaco languages', () => {
  expect(monacoLanguage('python')).toBe('python');
  expect(monacoLanguage('CUDA')).toBe('cpp');
  expect(monacoLanguage('c++')).toBe('cpp');
  expect(monacoLanguage('brainfuck')).toBe('plaintext');
  expect(monacoLanguage(null)).toBe('plaintext');
});

it('sizes the editor to the source within bounds', () => {
  expect(editorHeight(1)).toBe(240);
  expect(editorHeight(10_000)).toBe(720);
});
