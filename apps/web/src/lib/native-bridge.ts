/**
 * Bridge to the native (React Native WebView) app that may wrap the portal (D1 §2, U18).
 *
 * The wrapper injects `window.ReactNativeWebView.postMessage(string)`. We send it JSON:
 *   { "type": "auth", "status": "logged-in" | "logged-out", "clientId": number | null }
 *     — at app start, after every login and after every logout;
 *   { "type": "company-config", "config": <the GET /api/company/get-config body> }
 *     — whenever the company configuration has loaded.
 * In a normal browser the bridge is absent and nothing is sent.
 *
 * The wrapper may send the portal its push token (decision 102), once the phone allowed the
 * app's notifications, with `webView.postMessage(JSON.stringify(…))`:
 *   { "type": "push-token", "platform": "ios" | "android", "token": <its FCM registration token> }
 * The portal then registers the device for the signed-in family (PUT /api/notification/device).
 */
declare global {
  interface Window {
    ReactNativeWebView?: { postMessage?: (message: string) => void };
  }
}

export type NativeMessage = { type: 'auth'; status: 'logged-in' | 'logged-out'; clientId: number | null } | { type: 'company-config'; config: unknown };

export function postToNative(message: NativeMessage): void {
  const bridge = typeof window === 'undefined' ? undefined : window.ReactNativeWebView;
  if (typeof bridge?.postMessage !== 'function') return;
  try {
    bridge.postMessage(JSON.stringify(message));
  } catch {
    // The wrapper is optional; a failing bridge must never break the portal.
  }
}

export function postAuthStatus(clientId: number | null): void {
  postToNative({ type: 'auth', status: clientId === null ? 'logged-out' : 'logged-in', clientId });
}

export interface NativePushToken {
  platform: 'ios' | 'android';
  token: string;
}

let pushToken: NativePushToken | null = null;
const tokenListeners = new Set<(token: NativePushToken) => void>();

/** The native app's push token, once its wrapper has sent one. */
export function nativePushToken(): NativePushToken | null {
  return pushToken;
}

/** Calls `listener` with the token now and whenever the wrapper sends another; answers the unsubscribe. */
export function onNativePushToken(listener: (token: NativePushToken) => void): () => void {
  tokenListeners.add(listener);
  if (pushToken) listener(pushToken);
  return () => tokenListeners.delete(listener);
}

function receive(event: Event): void {
  const data = (event as MessageEvent).data;
  if (typeof data !== 'string') return;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  const m = message as Partial<NativePushToken> & { type?: unknown };
  if (m.type !== 'push-token' || (m.platform !== 'ios' && m.platform !== 'android') || typeof m.token !== 'string' || !/^[A-Za-z0-9:_.-]{20,4096}$/.test(m.token)) return;
  pushToken = { platform: m.platform, token: m.token };
  for (const listener of tokenListeners) listener(pushToken);
}

// React Native WebView delivers postMessage to window on iOS and to document on Android.
if (typeof window !== 'undefined') {
  window.addEventListener('message', receive);
  document.addEventListener('message', receive);
}
