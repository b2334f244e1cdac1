import { useRef, useState } from 'react';
import { CameraIcon, Trash2Icon } from 'lucide-react';
import { studentMessages } from '@portal/shared/student-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeletePicture, useStudentImage, useUploadPicture } from '../api/student-picture';

function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The student's stored picture (loaded through get-image, E26), else their initials. */
export function StudentPhoto({ url, firstName, lastName, size = 'md' }: { url: string | null; firstName: string; lastName: string; size?: 'md' | 'lg' }) {
  const image = useStudentImage(url);
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-14 text-base';
  if (url && image.data) {
    return <img src={image.data.image} alt={`${firstName} ${lastName}`} width={220} height={220} className={cn(box, 'shrink-0 rounded-full object-cover ring-2 ring-surface shadow-sm')} />;
  }
  return (
    <span aria-hidden="true" className={cn(box, 'grid shrink-0 place-items-center rounded-full bg-primary-tint-strong font-semibold text-primary-tint-ink')}>
      {initials(firstName, lastName)}
    </span>
  );
}

/** Upload (compressed in the browser, E24) and removal (after a confirmation, E25) of a picture. */
export function StudentPictureControls({ studentId, hasPicture, name }: { studentId: number; hasPicture: boolean; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture(studentId);
  const remove = useDeletePicture(studentId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(null);
    try {
      await upload.mutateAsync(file);
      setDone(studentMessages.pictureUpdated);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="student-picture-input"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button type="button" variant="secondary" size="sm" icon={<CameraIcon className="size-4" />} loading={upload.isPending} onClick={() => input.current?.click()}>
          {hasPicture ? 'Change picture' : 'Add picture'}
        </Button>
        {hasPicture ? (
          <Button type="button" variant="ghost" size="sm" icon={<Trash2Icon className="size-4" />} onClick={() => setConfirming(true)}>
            Remove picture
          </Button>
        ) : null}
      </div>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      {/* Gone after a few seconds, as every form's status is (K24). */}
      <StatusMessage message={done} onDismiss={() => setDone(null)} />
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={studentMessages.deletePictureConfirm}
        description={`${name}'s picture will be removed from the account.`}
        size="sm"
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                // What an earlier try said goes: the outcome of this one is what shows.
                setError(null);
                setDone(null);
                try {
                  await remove.mutateAsync(undefined);
                  setDone(studentMessages.pictureDeleted);
                } catch (e) {
                  setError(errorMessage(e));
                } finally {
                  setConfirming(false);
                }
              }}
            >
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}
