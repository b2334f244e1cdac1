import type { CompanyConfig } from '@portal/shared/company-config';
import { MailIcon } from 'lucide-react';

/** Who the message goes to, beside the form (or above the phone form's button). */
export function ContactDetails({ config, email }: { config: CompanyConfig; email: string }) {
  return (
    <section aria-labelledby="contact-company" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="contact-company" className="text-lg font-bold text-ink">
        {config.CompanyDisplayName}
      </h2>
      {config.CompanyInformation ? <p className="mt-2 text-sm text-ink-soft">{config.CompanyInformation}</p> : null}
      <p className="mt-4 text-sm text-ink-soft">Send us a message and we will reply to the e-mail address you give.</p>
      {email ? (
        <a href={`mailto:${email}`} className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-primary-ink hover:underline">
          <MailIcon aria-hidden="true" className="size-4" />
          {email}
        </a>
      ) : null}
    </section>
  );
}
