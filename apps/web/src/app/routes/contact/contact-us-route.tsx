import { Link } from 'react-router';
import { contactMessages } from '@portal/shared/contact-schemas';
import { buttonClasses } from '@/components/ui/button';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

import { useConfig } from '@/entities/company/get-company-config';
import { useIsMobile } from '@/lib/use-media';
import { useContactForm } from '@/features/contact/api/get-contact-form';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactForm } from '@/features/contact/components/contact-form';

/** /hub/contact-us (P1): the company and the form side by side; on a phone the form is a page of its own (P2). */
export default function ContactUsRoute() {
  const config = useConfig();
  const mobile = useIsMobile();
  const form = useContactForm();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Contact Us" description={`Questions about ${config.ShowBookingsTab ? 'lessons, bookings' : 'lessons'} or your account? Write to ${config.CompanyDisplayName}.`} />
      {form.isPending ? (
        <ListLoading label="Loading the contact form" />
      ) : form.isLoadingError ? (
        <QueryError query={form} />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:items-start">
          <ContactDetails config={config} email={form.data.contact_email} />
          {!form.data.available ? (
            <p className="rounded-2xl border border-line bg-surface p-6 text-sm text-ink-soft">{contactMessages.unavailable}</p>
          ) : mobile ? (
            <Link to={paths.contactUsMobile} className={buttonClasses('primary', 'lg', 'w-full')}>
              Send us a message
            </Link>
          ) : (
            <section aria-label="Send us a message" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
              <ContactForm state={form.data} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
