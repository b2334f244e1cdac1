const textClasses =
  'max-h-80 overflow-y-auto rounded-xl border border-line bg-canvas px-4 py-3 text-sm leading-relaxed whitespace-pre-line text-ink-soft focus:ring-3 focus:ring-brand-500/25 focus:outline-none';

/** An agreement's text as the company wrote it: paragraphs and line breaks kept, long texts scroll. */
export function AgreementText({ text }: { text: string }) {
  // A region that scrolls must be reachable by keyboard to be read (axe scrollable-region-focusable).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div tabIndex={0} role="region" aria-label="Agreement text" className={textClasses}>
      {text}
    </div>
  );
}
