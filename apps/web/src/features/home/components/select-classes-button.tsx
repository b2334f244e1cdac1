import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@portal/shared/messages';
import { MessageModal } from '@/components/ui/message-modal';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { OcrProfile } from '@portal/shared/company-schemas';
import { getOcrProfilesQueryOptions } from '@/entities/classes/get-ocr-profiles';
import { CalendarCheckIcon, ChevronRightIcon } from 'lucide-react';

interface SelectClassesButtonProps {
  signedIn: boolean;
  customerId: number;
  className: string;
}

type Dialog = { kind: 'profiles'; profiles: OcrProfile[] } | { kind: 'error'; message: string } | null;

/**
 * D17–D19: a signed-in customer books from the classes area; a guest first picks which
 * registration profile (program) to register under, then goes to the online registration.
 */
export function SelectClassesButton({ signedIn, customerId, className }: SelectClassesButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (signedIn) {
    return (
      <Link to={paths.classes} className={className}>
        <CalendarCheckIcon />
        Select Classes
      </Link>
    );
  }

  async function openProfiles() {
    setLoading(true);
    try {
      const profiles = await queryClient.fetchQuery(getOcrProfilesQueryOptions());
      setDialog(profiles.length > 0 ? { kind: 'profiles', profiles } : { kind: 'error', message: messages.noProfiles });
    } catch (error) {
      setDialog({ kind: 'error', message: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }

  function chooseProfile(profile: OcrProfile) {
    setDialog(null);
    const query = new URLSearchParams({ id: String(customerId), p: String(profile.OCRProfileID) });
    void navigate(`${paths.ocr}?${query}`);
  }

  return (
    <>
      <button type="button" className={className} onClick={() => void openProfiles()} disabled={loading} aria-busy={loading || undefined}>
        <CalendarCheckIcon />
        Select Classes
      </button>

      <Modal open={dialog?.kind === 'profiles'} onOpenChange={(open) => !open && setDialog(null)} title="Select a Profile" description="Choose the program you would like to register for.">
        <ul className="space-y-2">
          {dialog?.kind === 'profiles' &&
            dialog.profiles.map((profile) => (
              <li key={profile.OCRProfileID}>
                <button
                  type="button"
                  onClick={() => chooseProfile(profile)}
                  className="group flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-left transition hover:border-brand-300 hover:bg-primary-tint"
                >
                  <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-tint-strong text-primary-tint-ink">
                    <CalendarCheckIcon />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-ink">{profile.DisplayName || profile.ProfileName}</span>
                    <span className="block text-sm text-muted">Register online</span>
                  </span>
                  <ChevronRightIcon aria-hidden="true" className="size-5 text-faint transition group-hover:translate-x-0.5 group-hover:text-primary-ink" />
                </button>
              </li>
            ))}
        </ul>
      </Modal>

      <MessageModal open={dialog?.kind === 'error'} onClose={() => setDialog(null)} tone="error" title="Registration unavailable" message={dialog?.kind === 'error' ? dialog.message : undefined} />
    </>
  );
}
