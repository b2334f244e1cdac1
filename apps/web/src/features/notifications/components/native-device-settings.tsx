import { useId, useState } from 'react';
import { BellRingIcon, SmartphoneIcon } from 'lucide-react';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { NativePushToken } from '@/lib/native-bridge';
import { useNativeDevice, useRemoveNativeDevice, useSaveNativeDevice } from '../api/native-device';

const ALL = NOTIFICATION_CATEGORIES.map((c) => c.key);

/** Notifications on this device inside the native app (decision 102): its push token, registered per family, with the categories it takes. */
export function NativeDeviceSettings({ device: { platform, token } }: { device: NativePushToken }) {
  const headingId = useId();
  const state = useNativeDevice(token);
  const save = useSaveNativeDevice();
  const remove = useRemoveNativeDevice();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const registered = state.data?.device ?? null;
  const categories = chosen ?? registered?.categories ?? [];
  const failure = save.error ?? remove.error;

  function toggle(category: string) {
    const next = categories.includes(category) ? categories.filter((c) => c !== category) : [...categories, category];
    setChosen(next);
    save.mutate({ platform, token, categories: next }, { onSettled: () => setChosen((c) => (c === next ? null : c)) });
  }

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
          <p className="mt-0.5 text-sm text-ink-soft">Get a notification from the app as soon as something happens, even when it is closed.</p>
        </div>
      </div>
      <div className="mt-4 space-y-3 text-sm">
        {state.isPending ? (
          <p className="text-ink-soft">Checking this device…</p>
        ) : state.isError ? (
          <p className="text-danger">{errorMessage(state.error)}</p>
        ) : registered ? (
          <>
            <fieldset>
              <legend className="font-medium text-ink">Send to this device</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {NOTIFICATION_CATEGORIES.map((c) => (
                  <label key={c.key} className="flex min-h-11 items-center gap-3 rounded-lg border border-line-soft px-3 py-2">
                    <input type="checkbox" className="size-5 shrink-0 accent-primary" checked={categories.includes(c.key)} onChange={() => toggle(c.key)} />
                    <span className="text-ink">{c.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <Button variant="secondary" size="sm" loading={remove.isPending} onClick={() => remove.mutate(token)}>
              Turn off on this device
            </Button>
          </>
        ) : (
          <Button size="sm" loading={save.isPending} onClick={() => save.mutate({ platform, token, categories: ALL })}>
            <BellRingIcon aria-hidden="true" className="size-4" />
            Turn on notifications
          </Button>
        )}
        {failure ? (
          <p role="alert" className="font-medium text-danger">
            {errorMessage(failure)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
