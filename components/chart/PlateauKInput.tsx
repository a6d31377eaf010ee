'use client';
// The plateau K input (a whole number 1..1000) of the overview's plateau list and the compare page.
import { useId } from 'react';

export function PlateauKInput({ k, onK, testId }: { k: number; onK: (k: number) => void; testId: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>Plateau K</label>
      <input
        id={id}
        data-testid={testId}
        type="number"
        min={1}
        max={1000}
        step={1}
        defaultValue={k}
        style={{ width: '5rem' }}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isInteger(v) && v >= 1 && v <= 1000) onK(v);
        }}
      />
    </>
  );
}
