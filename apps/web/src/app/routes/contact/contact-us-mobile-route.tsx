import { Link, useNavigate } from 'react-router';
import { contactMessages } from '@portal/shared/contact-schemas';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

import { ChevronLeftIcon } from 'lucide-react';
import { useContactForm } from '@/features/contact/api/get-contact-form';
import { ContactForm } from '@/features/contact/components/contact-form';

/** /hub/contact-us/mobile-form (P2): the form alone, for phones; wider screens are sent home by the route's guard. */
export default function ContactUsMobileRoute() {
  const form = useContactForm();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6">
      <Link to={paths.contactUs} className="mb-4 inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-primary-ink hover:underline">
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
        Back to Contact Us
      </Link>
      <PageHeader title="Send us a message" />
      {form.isPending ? (
        <ListLoading label="Loading the contact form" />
      ) : form.isLoadingError ? (
        <QueryError query={form} />
      ) : !form.data.available ? (
        <p className="text-sm text-ink-soft">{contactMessages.unavailable}</p>
      ) : (
        <ContactForm state={form.data} onSent={() => void navigate(paths.contactUs)} />
      )}
    </div>
  );
}
