import { useEffect } from 'react';
import { useCartStore } from '@/lib/cart-store';
import { postAuthStatus } from '@/lib/native-bridge';
import { useRegisterNativeDevice } from './use-native-push';

/** What follows on this device from who is signed in (null: a guest). */
export function useSignedInClient(clientId: number | null): void {
  // Tell a native wrapper who is signed in as soon as the app starts, and whenever the
  // session query's answer differs from the hint the page started with (B36).
  useEffect(() => {
    postAuthStatus(clientId);
  }, [clientId]);

  // Inside the native app, its device reaches the family signed in on it (decision 102).
  useRegisterNativeDevice(clientId);

  // A cart filled by another client on this device is emptied (D1 §4 Cart).
  useEffect(() => {
    if (clientId !== null) useCartStore.getState().claimFor(clientId);
  }, [clientId]);
}
