/**
 * Bridge to the native (React Native WebView) app that may wrap the portal (D1 §2, U18).
 *
 * The wrapper injects `window.ReactNativeWebView.postMessage(string)`. We send it JSON:
 *   { "type": "auth", "status": "logged-in" | "logged-out", "clientId": number | null }
 *     — at app start, after every login and after every logout;
 *   { "type": "company-config", "config": <the GET /api/company/get-config body> }
 *     — whenever the company configuration has loaded.
 * In a normal browser the bridge is absent and nothing is sent.
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
