import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { keepDraft, readDraft } from '@/lib/kept-drafts';

/**
 * Keeps what is typed in a form's text boxes in this tab (decision 148) and puts it back when the
 * form opens again after a reload. Answers whether it put something back, and a way to throw it
 * away. A form that sends empties its boxes with `reset`, which forgets the draft; so does leaving
 * the form within the portal (the family chose to leave without sending). A reload leaves nothing:
 * the page ends without unmounting it.
 */
export function useKeptDraft<T extends FieldValues>(key: string, form: Pick<UseFormReturn<T>, 'watch' | 'setValue' | 'resetField' | 'getValues'>, fields: readonly Path<T>[]) {
  const [restored, setRestored] = useState(false);
  // The form's methods and its fields are the same on every render: only a new key starts again.
  const held = useRef({ form, fields });
  useEffect(() => {
    const { form: f, fields: names } = held.current;
    const kept = readDraft(key);
    const back = names.filter((name) => kept?.[name]);
    for (const name of back) f.setValue(name, kept![name] as PathValue<T, Path<T>>, { shouldDirty: true });
    if (back.length > 0) setRestored(true);
    const keep = (values: Record<string, unknown>) => {
      keepDraft(key, Object.fromEntries(names.map((name) => [name, String(values[name] ?? '')])));
      if (names.every((name) => !values[name])) setRestored(false);
    };
    // What is in the boxes now belongs to this key (a guest who signed in on the page keeps what was typed).
    if (back.length === 0) keep(f.getValues());
    const watching = f.watch(keep);
    return () => {
      watching.unsubscribe();
      keepDraft(key, {});
    };
  }, [key]);
  return {
    restored,
    /** Empties the boxes that were put back (the draft goes with them). */
    discard: () => {
      for (const name of held.current.fields) held.current.form.resetField(name);
      setRestored(false);
    },
  };
}

/** The line that says a draft was put back, with the button that throws it away. */
export function KeptDraftNote({ what, onDiscard }: { what: string; onDiscard: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-primary-line bg-primary-tint px-3.5 py-2 text-sm text-ink">
      <span>We kept the {what} you had not sent.</span>
      <button type="button" onClick={onDiscard} className="min-h-11 font-semibold text-primary-ink underline underline-offset-2 hover:no-underline">
        Discard it
      </button>
    </p>
  );
}
