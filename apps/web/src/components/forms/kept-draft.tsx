import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useSession } from '@/entities/customer/identity';

/**
 * Words typed and not sent, kept in this tab's sessionStorage (decision 148), under the form's name
 * and who typed it (a client by id, or a guest).
 */
const PREFIX = 'portal-draft:';

/** The storage key of a form's draft, for a signed-in client (by id) or a guest (null). */
const draftKey = (form: string, clientId: number | null): string => `${PREFIX}${clientId ?? 'guest'}:${form}`;

function readDraft(key: string): Record<string, string> | null {
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
function keepDraft(key: string, values: Record<string, string>): void {
  try {
    if (Object.values(values).some((v) => v.trim() !== '')) sessionStorage.setItem(key, JSON.stringify(values));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or switched off: the draft is simply not kept.
  }
}

/** Kept beside the texts while the message is on its way: the Idempotency-Key it went under, or "1". */
const SENDING = '__sending';

/** What a draft put back was: typed and not sent, or on its way when the page closed (`sending`: its key, or "1"). */
export interface RestoredDraft {
  sending: string | null;
}

/**
 * Keeps what is typed in a form's text boxes in this tab (decision 148) and puts it back, into
 * boxes still empty, when the form opens again after a reload. A form that sends marks the draft
 * while the message is on its way (`sending`), so one put back after a lost answer says it may
 * have gone. Sending empties the boxes with `reset`, which forgets the draft; so does leaving the
 * form within the portal (the family chose to leave without sending). A reload leaves nothing:
 * the page ends without unmounting the form. When the one typing changes on the page (a session
 * that ended, a guest who signed in), the earlier one's draft stays theirs and nothing typed is
 * filed under the new one until it is typed again.
 */
export function useKeptDraft<T extends FieldValues>(name: string, form: Pick<UseFormReturn<T>, 'watch' | 'setValue' | 'resetField' | 'getValues'>, fields: readonly Path<T>[]) {
  const key = draftKey(name, useSession().user?.ClientID ?? null);
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  // The form's methods and its fields are the same on every render: only a new key starts again.
  const held = useRef({ form, fields });
  const current = useRef({ key, sending: null as string | null });
  // By path, so a nested field ("guest.Email") is kept as a flat one is.
  const texts = () => Object.fromEntries(held.current.fields.map((name) => [name, String(held.current.form.getValues(name) ?? '')]));
  const save = () => {
    const typed = texts();
    // Nothing typed (sent, discarded, emptied): the draft goes, and the mark of a message on its way with it.
    if (Object.values(typed).every((v) => v.trim() === '')) current.current.sending = null;
    const { key: k, sending } = current.current;
    keepDraft(k, sending ? { ...typed, [SENDING]: sending } : typed);
  };
  useEffect(() => {
    const { form: f, fields: names } = held.current;
    current.current = { key, sending: null };
    const kept = readDraft(key);
    const back = names.filter((name) => kept?.[name] && String(f.getValues(name) ?? '').trim() === '');
    for (const name of back) f.setValue(name, kept![name] as PathValue<T, Path<T>>, { shouldDirty: true });
    if (back.length > 0) {
      current.current.sending = kept?.[SENDING] ?? null;
      setRestored({ sending: current.current.sending });
    }
    const watching = f.watch(() => {
      save();
      if (names.every((name) => !f.getValues(name))) setRestored(null);
    });
    return () => watching.unsubscribe();
    // `save` reads the refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // Leaving the form forgets the draft of the one typing now.
  useEffect(() => () => keepDraft(current.current.key, {}), []);
  return {
    restored,
    /** The message is on its way under this key (or "1"); null once refused. */
    sending: (attempt: string | null) => {
      current.current.sending = attempt;
      save();
    },
    /** Empties the boxes that were put back (the draft goes with them). */
    discard: () => {
      for (const name of held.current.fields) held.current.form.resetField(name);
      setRestored(null);
    },
  };
}

/** The line that says a draft was put back, with the button that throws it away. */
export function KeptDraftNote({ what, restored, onDiscard, safeToResend = false }: { what: string; restored: RestoredDraft; onDiscard: () => void; safeToResend?: boolean }) {
  const said = restored.sending
    ? `We kept the ${what} you were sending when the page closed. It may already have been sent${safeToResend ? ': sending it again will not send it twice.' : '.'}`
    : `We kept the ${what} you had not sent.`;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-primary-line bg-primary-tint px-3.5 py-2 text-sm text-ink">
      <span>{said}</span>
      <button type="button" onClick={onDiscard} className="min-h-11 font-semibold text-primary-ink underline underline-offset-2 hover:no-underline">
        Discard it
      </button>
    </p>
  );
}
