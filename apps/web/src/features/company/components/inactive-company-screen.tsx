import { messages } from '@portal/shared/messages';
import { Button } from '@/components/ui/button';
import { TriangleAlertIcon } from 'lucide-react';

/** B19–B21: the company has the portal switched off (or OCR_Version below 2). */
export function InactiveCompanyScreen({ onChangeCompany, busy }: { onChangeCompany: () => void; busy?: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-surface p-8 text-center shadow-xl ring-1 ring-ink/5">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200" aria-hidden="true">
          <TriangleAlertIcon className="size-8" strokeWidth={2} />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">{messages.inactiveTitle}</h1>
        <p className="mt-2 text-muted">{messages.inactiveBody}</p>
        <Button className="mt-7" size="lg" fullWidth onClick={onChangeCompany} loading={busy}>
          Change Company
        </Button>
      </div>
    </main>
  );
}
