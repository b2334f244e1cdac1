/**
 * A form sent from a box that keeps the focus (Safari keeps it when a button is tapped, and so does
 * keep-field-focus.ts for a mouse press) is checked; when that same box is the first one wrong, the
 * form focuses it again, which does nothing: a box already focused is not scrolled to, so on a phone
 * scrolled down to Save the box and its message stay above the screen and nothing seems to happen.
 * After each submit, while the box keeps the focus, it is brought into sight once it is marked wrong.
 */
export function installShowFocusedError(doc: Document = document, within = 1_500): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    const field = doc.activeElement;
    if (!(form instanceof HTMLFormElement) || !(field instanceof HTMLElement) || !form.contains(field) || !field.matches('input, textarea, select')) return;
    const until = performance.now() + within;
    const look = () => {
      if (doc.activeElement !== field || performance.now() > until) return;
      if (field.getAttribute('aria-invalid') !== 'true') {
        requestAnimationFrame(look);
        return;
      }
      const box = field.getBoundingClientRect();
      const view = doc.defaultView;
      if (view && (box.top < 0 || box.bottom > view.innerHeight)) field.scrollIntoView({ block: 'center' });
    };
    requestAnimationFrame(look);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
