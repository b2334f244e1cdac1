/**
 * Forms show a field's error when the field loses focus. Pressing a button with the mouse moves
 * focus to it on mousedown, so the field's error would appear between mousedown and mouseup,
 * push the button down and the mouseup would land beside it: the first click would do nothing.
 *
 * While a field of a form has focus, a mouse press on a button of that same form (its submit
 * button, Cancel, "Forgot password?", a show-password toggle…) keeps focus in the field, as
 * Safari does for every button. The click still fires where the press began: submit validates
 * every field at once and moves focus to the first error, other buttons act as before. Keyboard
 * and touch are unchanged (a tap's mouse events come after the touch, with nothing to shift).
 */
export function shouldKeepFieldFocus(target: EventTarget | null, active: Element | null): boolean {
  if (!(target instanceof Element)) return false;
  const button = target.closest('button');
  if (!button || button.disabled || !button.form) return false;
  const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement ? active : null;
  return field !== null && field.form === button.form;
}

/** Installs the rule once for the whole document (main.tsx). Returns the uninstaller. */
export function installKeepFieldFocus(doc: Document = document): () => void {
  const onMouseDown = (event: MouseEvent) => {
    if (event.button !== 0 || event.defaultPrevented) return;
    if (shouldKeepFieldFocus(event.target, doc.activeElement)) event.preventDefault();
  };
  doc.addEventListener('mousedown', onMouseDown, true);
  return () => doc.removeEventListener('mousedown', onMouseDown, true);
}
