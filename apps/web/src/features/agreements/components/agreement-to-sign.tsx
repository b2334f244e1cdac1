import { useState } from 'react';
import { agreementMessages as am, type Agreement } from '@portal/shared/agreement-schemas';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { SignaturePad } from '@/components/ui/signature-pad';
import { errorMessage } from '@/lib/api-client';
import { useAgreeToAgreement } from '../api/agree-to-agreement';
import { AgreementText } from '@/components/ui/agreement-text';

/**
 * The agreement-to-sign screen (K21–K23, S52, S56): name and text, a signature pad when the
 * agreement needs a signature, "I agree to the {name}" and Accept, which stays disabled until
 * the box is ticked and, if needed, a signature is drawn.
 */
export function AgreementToSign({ agreement, signerName, onSigned, headingId }: { agreement: Agreement; signerName?: string; onSigned: (message: string) => void; headingId: string }) {
  const agree = useAgreeToAgreement();
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const needsSignature = agreement.RequiresSignature;
  const ready = agreed && (!needsSignature || signature !== null);

  const accept = () => {
    if (!ready) return;
    setError(null);
    agree.mutate({ agreement_id: agreement.AgreementID, signature: needsSignature ? signature : null }, { onSuccess: (answer) => onSigned(answer.message), onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink">
          {agreement.Name}
        </h2>
        {agreement.Signed && !agreement.Signed.Current ? <p className="mt-1 text-sm text-muted">This agreement has changed since you last accepted it. Please read the new version.</p> : null}
      </div>
      <AgreementText text={agreement.AgreementText} />
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      {needsSignature ? <SignaturePad onChange={setSignature} signerHint={signerName} /> : null}
      <CheckboxField label={am.agreeLabel(agreement.Name)} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!ready ? (
          <p className="text-sm text-muted sm:mr-auto" aria-live="polite">
            {!agreed && needsSignature && !signature ? 'Sign and tick the box to accept.' : !agreed ? 'Tick the box to accept.' : 'Sign to accept.'}
          </p>
        ) : null}
        <Button size="lg" onClick={accept} disabled={!ready} loading={agree.isPending} className="sm:min-w-36">
          Accept
        </Button>
      </div>
    </div>
  );
}
