import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronRightIcon, FileSignatureIcon, FileTextIcon } from 'lucide-react';
import type { Agreement } from '@portal/shared/agreement-schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { companyTimeZone, formatDate } from '@/lib/format';
import { useCurrentUser } from '@/entities/customer/identity';
import { useSettingsBackButton } from '@/lib/settings-back';
import { useActiveAgreements } from '@/features/agreements/api/get-active-agreements';
import { useSignedAgreement } from '@/features/agreements/api/get-signed-agreement';
import { AgreementToSign } from '@/features/agreements/components/agreement-to-sign';
import { SignedAgreement } from '@/features/agreements/components/signed-agreement';

const TAB = 'Agreements';

/** /hub/settings/agreements (K20–K23): the company's agreements; one opens in the viewer (?agreement=ID). */
export default function AgreementsRoute() {
  const agreements = useActiveAgreements();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<string | null>(null);
  const openId = Number(params.get('agreement')) || null;
  const lastOpened = useRef<number | null>(null);
  const close = () => {
    setParams((p) => {
      p.delete('agreement');
      return p;
    });
  };
  useSettingsBackButton(openId !== null, TAB, close);
  // Opened from the list, the agreement takes the focus (its section, named by its heading); closed, its row does.
  const viewer = useRef<HTMLElement>(null);
  useEffect(() => {
    if (openId !== null) {
      lastOpened.current = openId;
      viewer.current?.focus();
    } else if (lastOpened.current !== null) {
      document.getElementById(`agreement-${lastOpened.current}`)?.focus();
      lastOpened.current = null;
    }
  }, [openId]);

  if (agreements.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary-ink">
        <Spinner label="Loading agreements" />
      </div>
    );
  }
  if (agreements.isLoadingError) {
    return (
      <div className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
        <p>{errorMessage(agreements.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void agreements.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const open = openId === null ? undefined : agreements.data.find((a) => a.AgreementID === openId);

  return (
    <div className="flex flex-col gap-4">
      <StatusMessage message={status} onDismiss={() => setStatus(null)} />
      {open ? (
        <section ref={viewer} tabIndex={-1} aria-labelledby="agreement-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm focus:outline-none sm:p-6">
          <AgreementViewer agreement={open} onSigned={(message) => setStatus(message)} />
        </section>
      ) : (
        <AgreementList agreements={agreements.data} onOpen={(id) => setParams({ agreement: String(id) })} />
      )}
    </div>
  );
}

function AgreementList({ agreements, onOpen }: { agreements: Agreement[]; onOpen: (id: number) => void }) {
  const config = useConfig();
  if (agreements.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
        <p className="text-ink-soft">There are no agreements to show.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="agreements-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id="agreements-heading" className="px-5 pt-5 text-lg font-semibold text-ink sm:px-6">
        Your agreements
      </h2>
      <ul className="mt-3 divide-y divide-line-soft">
        {agreements.map((a) => {
          const signedOn = a.Signed ? formatDate(a.Signed.SignedAt, config.localization.DateFormat, companyTimeZone(config)) : null;
          return (
            <li key={a.AgreementID}>
              <button
                id={`agreement-${a.AgreementID}`}
                type="button"
                onClick={() => onOpen(a.AgreementID)}
                className="flex w-full items-center gap-4 px-5 py-4 text-left hover:bg-canvas focus-visible:bg-canvas focus-visible:outline-none sm:px-6"
              >
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
                  {a.RequiresSignature ? <FileSignatureIcon className="size-5" /> : <FileTextIcon className="size-5" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{a.Name}</span>
                  <span className="mt-0.5 block text-sm text-muted">
                    {a.Signed?.Current
                      ? `${a.RequiresSignature ? 'Signed' : 'Accepted'} on ${signedOn}`
                      : a.Signed
                        ? 'A new version is waiting for you'
                        : a.pivot.Required
                          ? 'Not signed yet'
                          : 'Optional'}
                  </span>
                </span>
                {a.Signed?.Current ? <Badge tone="green">{a.RequiresSignature ? 'Signed' : 'Accepted'}</Badge> : <Badge tone="yellow">To sign</Badge>}
                <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AgreementViewer({ agreement, onSigned }: { agreement: Agreement; onSigned: (message: string) => void }) {
  const user = useCurrentUser();
  const signed = useSignedAgreement(agreement.AgreementID, agreement.Signed?.Current === true);
  if (!agreement.Signed?.Current) {
    return <AgreementToSign key={agreement.Version} agreement={agreement} headingId="agreement-heading" signerName={user ? `${user.FirstName} ${user.LastName}` : undefined} onSigned={onSigned} />;
  }
  if (signed.isPending) {
    return (
      <div className="flex justify-center py-10 text-primary-ink">
        <Spinner label="Loading the agreement" />
      </div>
    );
  }
  if (signed.isError) return <p className="text-sm text-danger">{errorMessage(signed.error)}</p>;
  return <SignedAgreement answer={signed.data} headingId="agreement-heading" />;
}
