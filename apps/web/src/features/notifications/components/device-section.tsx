import { useId, type ReactNode } from 'react';
import { SmartphoneIcon } from 'lucide-react';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';

/** "Notifications on this device": the frame a browser's push settings (decision 100) and the app's (decision 102) share. */
export function DeviceSection({ intro, children }: { intro: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
          <SmartphoneIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Notifications on this device
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">{intro}</p>
        </div>
      </div>
      <div className="mt-4 space-y-3 text-sm">{children}</div>
    </section>
  );
}

/** The categories a device takes, a box each. */
export function DeviceCategories({ chosen, onToggle }: { chosen: readonly string[]; onToggle: (category: string) => void }) {
  return (
    <fieldset>
      <legend className="font-medium text-ink">Send to this device</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {NOTIFICATION_CATEGORIES.map((c) => (
          <label key={c.key} className="flex min-h-11 items-center gap-3 rounded-lg border border-line-soft px-3 py-2">
            <input type="checkbox" className="size-5 shrink-0 accent-primary" checked={chosen.includes(c.key)} onChange={() => onToggle(c.key)} />
            <span className="text-ink">{c.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
