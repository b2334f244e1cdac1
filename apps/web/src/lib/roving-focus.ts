import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A row of choices that is one Tab stop (the WAI-ARIA toolbar pattern): `data-roving-group` on the
 * group; on each of its buttons `data-roving`, this as its key handler, and tabIndex 0 on the one to
 * Tab to, −1 on the rest. The arrows move
 * the focus to the next or previous button, Home and End to the first and last; Enter or Space
 * presses it. Fourteen days and thirty times were 44 Tab presses before a court could be chosen.
 */
export function moveAmongChoices(event: KeyboardEvent<HTMLElement>): void {
  const group = event.currentTarget.closest('[data-roving-group]');
  if (!group) return;
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-roving]:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const step = STEPS[event.key];
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : step === undefined ? null : Math.min(buttons.length - 1, Math.max(0, at + step));
  if (next === null) return;
  event.preventDefault();
  buttons[next]!.focus();
}
