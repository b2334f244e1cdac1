import { CircleCheckIcon } from 'lucide-react';
import type { SignedAgreementAnswer } from '@portal/shared/agreement-schemas';
import { useConfig } from '@/entities/company/get-company-config';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { AgreementText } from '@/components/ui/agreement-text';

/** K20: an accepted agreement shown again, with the text accepted, the signature and when ("Accepted on" when none was asked for). */
export function SignedAgreement({ answer, headingId }: { answer: SignedAgreementAnswer; headingId: string }) {
  const config = useConfig();
  const { signature } = answer;
  const when = formatDateTime(signature.SignedAt, config.localization.DateFormat, companyTimeZone(config));
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink">
          {signature.Name}
        </h2>
        <p className="mt-1.5 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0" />
          {/* The agreement's own kind, as the list names it: one signed before the portal has no picture here. */}
          {`${signature.Signature || answer.agreement.RequiresSignature ? 'Signed' : 'Accepted'} on ${when}`}
          {answer.agreement.Version > 1 ? <span className="font-normal text-muted">(version {signature.Version})</span> : null}
        </p>
      </div>
      <AgreementText text={signature.AgreementText} />
      {signature.Signature ? (
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-semibold text-ink">Your signature</figcaption>
          <div className="rounded-xl border border-line bg-white p-3">
            <img src={signature.Signature} alt={`Your signature on ${signature.Name}, signed on ${when}`} className="mx-auto max-h-40 w-auto max-w-full" />
          </div>
        </figure>
      ) : answer.agreement.RequiresSignature ? (
        <p className="text-sm text-muted">This agreement was signed before your account was set up here: {config.CompanyDisplayName} keeps the signed copy.</p>
      ) : null}
    </div>
  );
}
