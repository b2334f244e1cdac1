import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('drops false, null and undefined and joins the rest', () => {
    const open = false;
    expect(cn('flex', open && 'hidden', null, undefined, { 'font-bold': true, italic: false })).toBe('flex font-bold');
  });

  it('lets a later Tailwind class override an earlier one of the same kind', () => {
    expect(cn('px-4 py-2', 'px-6')).toBe('py-2 px-6');
    expect(cn('bg-primary text-on-primary', 'bg-surface')).toBe('text-on-primary bg-surface');
    expect(cn('rounded-button', 'rounded-full')).toBe('rounded-full');
  });

  it('keeps a semantic text colour and a font size together: they are different kinds', () => {
    expect(cn('text-sm text-muted', 'text-ink')).toBe('text-sm text-ink');
    expect(cn('text-muted', 'text-lg')).toBe('text-muted text-lg');
  });
});
