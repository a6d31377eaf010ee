import { expect, it } from 'vitest';
import { EDIT_LABELS } from '../contracts/editLabels';
import { isTypingTarget, LABEL_KEYS, reviewKeyAction } from './keys';

it('has one distinct key per label, the control keys none of them', () => {
  expect(Object.values(LABEL_KEYS).sort()).toEqual([...EDIT_LABELS].sort());
  for (const k of ['s', 'n']) expect(LABEL_KEYS[k]).toBeUndefined();
});

it('maps EvoReplay keys to actions and leaves modified keys to the browser', () => {
  expect(reviewKeyAction({ key: 'b' })).toEqual({ kind: 'toggle', label: 'bug_fix' });
  expect(reviewKeyAction({ key: 'H' })).toEqual({ kind: 'toggle', label: 'hyperparameter_tuning' });
  expect(reviewKeyAction({ key: 'Enter' })).toEqual({ kind: 'save' });
  expect(reviewKeyAction({ key: 's' })).toEqual({ kind: 'skip' });
  expect(reviewKeyAction({ key: 'Backspace' })).toEqual({ kind: 'back' });
  expect(reviewKeyAction({ key: 'n' })).toEqual({ kind: 'note' });
  expect(reviewKeyAction({ key: '?' })).toEqual({ kind: 'rubric' });
  expect(reviewKeyAction({ key: 'r', ctrlKey: true })).toBeNull();
  expect(reviewKeyAction({ key: 'z' })).toBeNull();
  expect(reviewKeyAction({ key: 'ArrowDown' })).toBeNull();
});

it('treats text fields as typing, Monaco and buttons not', () => {
  expect(isTypingTarget({ tagName: 'TEXTAREA', closest: () => null })).toBe(true);
  expect(isTypingTarget({ tagName: 'INPUT', type: 'text', closest: () => null })).toBe(true);
  expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox', closest: () => null })).toBe(false);
  expect(isTypingTarget({ tagName: 'TEXTAREA', closest: (s: string) => (s === '.monaco-editor' ? {} : null) })).toBe(false);
  expect(isTypingTarget({ tagName: 'BUTTON', closest: () => null })).toBe(false);
  expect(isTypingTarget(null)).toBe(false);
});
