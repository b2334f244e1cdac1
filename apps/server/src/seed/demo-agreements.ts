import type { CompanyBundleInput } from '../modules/import/import.api.ts';

/**
 * The demo's agreements and who accepted which version. Every demo client has accepted every
 * required agreement as it stands, except new@example.com (Alex Nguyen at SPLASH), who accepted
 * version 1 of the medical consent, which has since been republished: at sign-in Alex is asked
 * to accept version 2, with a signature.
 */
const MEDICAL_V1 =
  'I consent to first aid being given to my swimmer and to an ambulance being called if needed. I agree that photos taken during lessons may be used in Splash newsletters unless I tell the office otherwise.';
const MEDICAL_V2 =
  'I consent to first aid being given to my swimmer and to an ambulance being called if needed, and I will tell the office of any change to their medical conditions before the next lesson. Photos taken during lessons may be used in Splash newsletters and on our social media pages unless I tell the office otherwise.';

type Agreement = NonNullable<CompanyBundleInput['agreements']>[number];

function splashAgreements(agreements: Agreement[]): Agreement[] {
  return agreements.map((a) => (a.key === 'medical' ? { ...a, text: MEDICAL_V2, earlier_versions: [{ text: MEDICAL_V1, published_at: 'today-400T09:00' }] } : a));
}

/** The version-1 acceptances the republished agreement supersedes. */
const OLDER_ACCEPTANCES: Record<string, { agreement: string; version: number; signed_at: string }[]> = {
  'SPLASH/alex': [{ agreement: 'medical', version: 1, signed_at: 'today-200T17:45' }],
};

export function withDemoAgreements(bundle: CompanyBundleInput): CompanyBundleInput {
  const code = bundle.company.code;
  const agreements = code === 'SPLASH' ? splashAgreements(bundle.agreements ?? []) : (bundle.agreements ?? []);
  const required = agreements.filter((a) => a.required !== false && a.active !== false).map((a) => a.key);
  return {
    ...bundle,
    agreements,
    customers: (bundle.customers ?? []).map((customer) => ({
      ...customer,
      clients: customer.clients.map((client) => {
        const older = OLDER_ACCEPTANCES[`${code}/${client.key}`] ?? [];
        const current = required.filter((key) => !older.some((o) => o.agreement === key)).map((agreement) => ({ agreement, signed_at: 'today-90T10:00' }));
        return { ...client, agreements_signed: [...older, ...current] };
      }),
    })),
  };
}
