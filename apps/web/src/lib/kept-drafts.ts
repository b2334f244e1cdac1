/**
 * Words typed and not sent, kept in this tab's sessionStorage (decision 148) so a reload does not
 * lose them: a phone that dropped the page while the family looked up something in another app, or
 * the reload that shows the signed-out view after the session ended (A26). Each draft belongs to the
 * one who typed it (a client by id, or a guest) and is put back for that one only; leaving the form
 * within the portal, or closing the tab, forgets it.
 */
const PREFIX = 'portal-draft:';

/** The storage key of a form's draft, for a signed-in client (by id) or a guest (null). */
export const draftKey = (form: string, clientId: number | null): string => `${PREFIX}${clientId ?? 'guest'}:${form}`;

export function readDraft(key: string): Record<string, string> | null {
  try {
    const kept = sessionStorage.getItem(key);
    const parsed: unknown = kept ? JSON.parse(kept) : null;
    if (!parsed || typeof parsed !== 'object') return null;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return null;
  }
}

/** Keeps the values, or forgets the draft when every one is empty. */
export function keepDraft(key: string, values: Record<string, string>): void {
  try {
    if (Object.values(values).some((v) => v.trim() !== '')) sessionStorage.setItem(key, JSON.stringify(values));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or switched off: the draft is simply not kept.
  }
}
