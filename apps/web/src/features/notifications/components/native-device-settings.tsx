import { useState } from 'react';
import { BellRingIcon } from 'lucide-react';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { DeviceCategories, DeviceSection } from './device-section';
import type { NativePushToken } from '@/lib/native-bridge';
import { useNativeDevice, useRemoveNativeDevice, useSaveNativeDevice } from '../api/native-device';

const ALL = NOTIFICATION_CATEGORIES.map((c) => c.key);

/** Notifications on this device inside the native app (decision 102): its push token, registered per family, with the categories it takes. */
export function NativeDeviceSettings({ device: { platform, token } }: { device: NativePushToken }) {
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
    <DeviceSection intro="Get a notification from the app as soon as something happens, even when it is closed.">
      {state.isPending ? (
        <p className="text-ink-soft">Checking this device…</p>
      ) : state.isLoadingError ? (
        <p className="text-danger">{errorMessage(state.error)}</p>
      ) : registered ? (
        <>
          <DeviceCategories chosen={categories} onToggle={toggle} />
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
    </DeviceSection>
  );
}
