import { useEffect, useState } from 'react';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { nativeDeviceQueryOptions, registerNativeDevice } from '@/features/notifications/api/native-device';
import { queryClient } from '@/app/query-client';
import { nativePushToken, onNativePushToken, type NativePushToken } from '@/lib/native-bridge';

/** The native app's push token, once its wrapper sent it (decision 102); null in a browser. */
export function useNativePushToken(): NativePushToken | null {
  const [token, setToken] = useState(nativePushToken);
  useEffect(() => onNativePushToken(setToken), []);
  return token;
}

/**
 * Inside the native app, a signed-in family's device takes every category the first time its token
 * is seen (the phone already allowed the app's notifications); the settings page changes that.
 * Where the server sends no native push it says so there, and e-mail stays the way.
 */
export function useRegisterNativeDevice(clientId: number | null): void {
  const device = useNativePushToken();
  useEffect(() => {
    if (clientId === null || !device) return;
    void queryClient
      .fetchQuery(nativeDeviceQueryOptions(device.token))
      .then((state) => (state.device ? undefined : registerNativeDevice({ ...device, categories: NOTIFICATION_CATEGORIES.map((c) => c.key) })))
      .then((saved) => saved && queryClient.setQueryData(nativeDeviceQueryOptions(device.token).queryKey, saved))
      .catch(() => undefined);
  }, [clientId, device]);
}
