import { useState } from 'react';
import { CalendarPlusIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate } from '@/lib/format';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/** The secret calendar link (ICS): shown once when made, revocable. */
export function CalendarFeedCard() {
  const config = useConfig();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = create.data?.url && feed.data?.active ? create.data.url : null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
          <CalendarPlusIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="calendar-feed-title" className="font-semibold text-ink">
            Calendar feed
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Subscribe to your {config.CanTakeMakeups ? 'classes, make-ups and absences' : 'classes and absences'} in Google, Apple or Outlook calendar. The link is private: anyone who has it can see
            your family’s timetable, so make a new one if you shared it by mistake.
          </p>
          {url ? (
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <label htmlFor="calendar-feed-url" className="sr-only">
                Calendar link
              </label>
              <input
                id="calendar-feed-url"
                readOnly
                value={url}
                className="min-h-11 min-w-0 flex-1 rounded-button border border-line-strong bg-canvas px-3 text-sm text-ink"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="secondary" icon={<CopyIcon className="size-4" />} onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            </div>
          ) : feed.data?.active ? (
            <p className="mt-3 text-sm text-ink-soft">
              Your calendar link is active since {formatDate(feed.data.created_at, config.localization.DateFormat, companyTimeZone(config))}. It is kept private and shown only when it is made: to add
              your classes to another calendar, make a new link; the one you have now then stops working.
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" loading={create.isPending} onClick={() => create.mutate(undefined, { onError: (e) => setError(errorMessage(e)), onSuccess: () => setCopied(false) })}>
              {feed.data?.active ? 'Make a new link' : 'Get calendar link'}
            </Button>
            {feed.data?.active ? (
              <Button size="sm" variant="secondary" loading={revoke.isPending} onClick={() => revoke.mutate(undefined, { onError: (e) => setError(errorMessage(e)) })}>
                Turn off link
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
