import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { ChevronRightIcon } from 'lucide-react';
import { initials } from '@/lib/initials';

export interface Choice {
  key: number;
  title: string;
  subtitle?: string;
}

interface ChoiceListModalProps {
  open: boolean;
  title: string;
  description: string;
  choices: Choice[];
  onChoose: (key: number) => Promise<void>;
  onCancel: () => void;
  /** The choices are still being asked for (Switch account). */
  loading?: boolean;
  /** Why the choices could not be had. */
  loadError?: string | null;
  /** What the chosen row's spinner says. */
  busyLabel?: string;
}

/**
 * "Select Company" and "Select Account": one large row per option, tapping a row continues
 * straight away (no extra confirm step on a phone). Server errors show in the red box (A18).
 */
export function ChoiceListModal({ open, title, description, choices, onChoose, onCancel, loading = false, loadError = null, busyLabel = 'Signing in' }: ChoiceListModalProps) {
  const [busyKey, setBusyKey] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(key: number) {
    setError(null);
    setBusyKey(key);
    try {
      await onChoose(key);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusyKey(null);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o && busyKey === null) onCancel();
      }}
      title={title}
      description={description}
      size="sm"
    >
      <ErrorBox message={error ?? loadError} onDismiss={() => setError(null)} className="mb-3" />
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading" />
        </div>
      ) : null}
      <ul className="flex flex-col gap-2">
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              disabled={busyKey !== null}
              onClick={() => void choose(choice.key)}
              className="group flex min-h-14 w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-left transition-colors hover:border-brand-400 hover:bg-primary-tint disabled:cursor-wait disabled:opacity-70"
            >
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-tint-strong text-sm font-bold text-primary-tint-ink">
                {initials(choice.title)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold wrap-anywhere text-ink">{choice.title}</span>
                {choice.subtitle ? <span className="block truncate text-sm text-muted">{choice.subtitle}</span> : null}
              </span>
              {busyKey === choice.key ? (
                <Spinner size="sm" label={busyLabel} className="text-primary-ink" />
              ) : (
                <ChevronRightIcon aria-hidden="true" className="size-5 text-faint group-hover:text-primary-ink" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
