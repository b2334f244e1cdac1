import { useEffect, useState } from 'react';
import { BellRingIcon } from 'lucide-react';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { DeviceCategories, DeviceSection } from './device-section';
import { usePushState, useRemovePush, useSavePush } from '../api/push';
import { pushSupport } from '@/lib/device-notifications';
import { currentSubscription, subscribeDevice } from '../lib/push-device';

const ALL = NOTIFICATION_CATEGORIES.map((c) => c.key);

/**
 * Notifications on this device (issue 24, decision 100): push turned on per device, with the
 * categories it takes. On iPhone the portal must be on the Home Screen first, and it says so.
 */
export function PushSettings() {
  const support = pushSupport();
  // The browser's own subscription: undefined while it is looked up.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(support === 'supported' ? undefined : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = usePushState(endpoint ?? null, support === 'supported' && endpoint !== undefined);
  const save = useSavePush();
  const remove = useRemovePush();

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [support]);

  const device = state.data?.device ?? null;
  // A box changes at once; the server's answer then replaces it.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const categories = chosen ?? device?.categories ?? [];

  async function turnOn() {
    if (!state.data) return;
    setProblem(null);
    setBusy(true);
    try {
      const json = await subscribeDevice(state.data.publicKey);
      await save.mutateAsync({ endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! }, categories: ALL });
      setEndpoint(json.endpoint!);
    } catch (e) {
      setProblem(e instanceof Error && !('status' in e) ? e.message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!endpoint) return;
    setProblem(null);
    setBusy(true);
    try {
      await remove.mutateAsync(endpoint);
      await (await currentSubscription())?.unsubscribe();
      setEndpoint(null);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  function toggle(category: string) {
    if (!device || !endpoint) return;
    const next = categories.includes(category) ? categories.filter((c) => c !== category) : [...categories, category];
    setChosen(next);
    setProblem(null);
    void currentSubscription().then((s) => {
      const json = s?.toJSON();
      if (!json?.keys) return;
      save.mutate(
        { endpoint, keys: { p256dh: json.keys.p256dh!, auth: json.keys.auth! }, categories: next },
        { onError: (e) => setProblem(errorMessage(e)), onSettled: () => setChosen((c) => (c === next ? null : c)) },
      );
    });
  }

  return (
    <DeviceSection intro="Get a notification on this phone or computer as soon as something happens, even when the Customer Hub is closed.">
      {support === 'ios-home-screen' ? (
        <p className="rounded-lg bg-canvas px-3.5 py-3 text-ink">
          On iPhone and iPad, add the Customer Hub to your Home Screen first: tap the Share button, then <strong>Add to Home Screen</strong>. Open it from your Home Screen and turn notifications on
          here.
        </p>
      ) : support === 'unsupported' ? (
        <p className="text-ink-soft">This browser cannot show notifications when the Customer Hub is closed. You will still see them in the Customer Hub.</p>
      ) : endpoint === undefined || state.isPending ? (
        <p className="text-ink-soft">Checking this device…</p>
      ) : state.isLoadingError ? (
        <p className="text-danger">{errorMessage(state.error)}</p>
      ) : device ? (
        <>
          <DeviceCategories chosen={categories} onToggle={toggle} />
          <Button variant="secondary" size="sm" loading={busy} onClick={() => void turnOff()}>
            Turn off on this device
          </Button>
        </>
      ) : typeof Notification !== 'undefined' && Notification.permission === 'denied' ? (
        <p className="text-ink">Notifications are blocked for this site. Allow them in your browser’s settings, then come back here to turn them on.</p>
      ) : (
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          <BellRingIcon aria-hidden="true" className="size-4" />
          Turn on notifications
        </Button>
      )}
      {problem ? (
        <p role="alert" className="font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </DeviceSection>
  );
}
