import { useEffect, useRef, useState } from 'react';
import { Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate } from '@/lib/format';
import { useDeletionRequest, useRequestDeletion, useWithdrawDeletion } from '../api/deletion-request';

/**
 * "Ask to delete my account" (issue 24, decision 097): what erasure removes and what the company
 * keeps by law, read before asking; once asked, when it happens and a way to withdraw.
 */
export function DeleteAccount() {
  const config = useConfig();
  const status = useDeletionRequest();
  const ask = useRequestDeletion();
  const withdraw = useWithdrawDeletion();
  const [confirming, setConfirming] = useState(false);
  const dateFormat = config.localization.DateFormat;
  // Instants said on the company's calendar, as the rest of the portal says them (decision 080).
  const zone = companyTimeZone(config);
  const request = status.data?.request ?? null;
  const failure = ask.error ?? withdraw.error;
  const [said, setSaid] = useState<string | null>(null);
  // Asked or withdrawn, one button takes the other's place: the focus goes to it, not to the top of the page.
  const action = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const asked = request !== null;
  useEffect(() => {
    if (moved.current) action.current?.focus();
    moved.current = false;
  }, [asked]);

  return (
    <section aria-labelledby="delete-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-64 flex-1 items-start gap-3">
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-danger-surface text-danger">
            <Trash2Icon className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="delete-heading" className="text-lg font-semibold text-ink">
              Delete my account
            </h2>
            {request ? (
              <p role="status" className="mt-0.5 text-sm text-ink">
                You asked on {formatDate(request.requestedAt, dateFormat, zone)} for your account to be deleted. It will be erased on {formatDate(request.eraseAfter, dateFormat, zone)}
                {request.confirmed ? '.' : `, or sooner once ${config.CompanyDisplayName} confirms.`}
              </p>
            ) : (
              <p className="mt-0.5 text-sm text-muted">Ask {config.CompanyDisplayName} to erase your account and your children's details.</p>
            )}
          </div>
        </div>
        {status.data ? (
          request ? (
            <Button
              ref={action}
              variant="secondary"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onSuccess: () => {
                    moved.current = true;
                    setSaid('Your request was withdrawn: your account stays.');
                  },
                })
              }
            >
              Withdraw request
            </Button>
          ) : (
            <Button ref={action} variant="secondary" onClick={() => setConfirming(true)}>
              Ask to delete my account
            </Button>
          )
        ) : null}
      </div>
      <StatusMessage message={request ? null : said} onDismiss={() => setSaid(null)} className="mt-3" />
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(failure)}
        </p>
      ) : null}
      {confirming && status.data ? (
        <Modal
          open
          onOpenChange={setConfirming}
          title="Delete your account?"
          description={`${config.CompanyDisplayName} is told, and your account is erased 30 days from now, or sooner once they confirm. You can withdraw until then.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep my account
              </Button>
              <Button
                variant="danger"
                loading={ask.isPending}
                onClick={() =>
                  ask.mutate(undefined, {
                    onSuccess: () => {
                      moved.current = true;
                    },
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                Ask to delete my account
              </Button>
            </>
          }
        >
          <div className="grid gap-4 text-sm text-ink sm:grid-cols-2">
            <div>
              <h3 className="font-semibold">What is erased</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {status.data.erased.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-semibold">What is kept</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {status.data.kept.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
          <p className="mt-4 text-sm text-muted">Download your data first if you want a copy.</p>
        </Modal>
      ) : null}
    </section>
  );
}
