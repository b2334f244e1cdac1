import { Spinner } from '@/components/ui/spinner';

/** A registration page waiting for what it shows, in the card the page takes. */
export function RegistrationLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-line bg-surface py-20 text-primary-ink shadow-sm">
      <Spinner size="lg" label={label} />
    </div>
  );
}
