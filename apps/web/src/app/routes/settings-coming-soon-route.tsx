/** A settings tab of a later release: the tab and its route are real; the page says it opens soon. */
export default function SettingsComingSoonRoute() {
  return (
    <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
      <p className="text-ink-soft">This area opens soon.</p>
    </div>
  );
}
