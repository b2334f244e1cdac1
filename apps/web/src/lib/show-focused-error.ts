/**
 * A form sent from a box that keeps the focus (Safari keeps it when a button is tapped, and so does
 * keep-field-focus.ts for a mouse press) is checked; when that same box is the first one wrong, the
 * form focuses it again, which does nothing: a box already focused is not scrolled to, so on a phone
 * scrolled down to Save the box and its message stay above the screen and nothing seems to happen.
 * After each submit, while the box keeps the focus (for up to about a second and a half), it is
 * brought into sight once it is marked wrong.
 */
export function installShowFocusedError(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const field = doc.activeElement;
    if (!(field instanceof HTMLElement) || !(event.target as Node).contains(field) || !field.matches('input,textarea,select')) return;
    let frames = 90;
    const look = () => {
      if (doc.activeElement !== field || frames-- < 0) return;
      if (field.getAttribute('aria-invalid') !== 'true') return void requestAnimationFrame(look);
      const box = field.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) field.scrollIntoView({ block: 'center' });
    };
    requestAnimationFrame(look);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
