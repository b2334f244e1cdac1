import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { useUiStore } from '@/lib/ui-store';
import { imageSource, logoSource, studentTerm } from '@/lib/branding';
import { SelectClassesButton } from './select-classes-button';
import { landingFeatures, type LandingFeatureId } from '../lib/landing-features';
import { socialLinks } from '../lib/social-links';
import { SocialLinks } from './social-links';
import { BellIcon, CalendarCheckIcon, CreditCardIcon, LayoutGridIcon, UserIcon } from 'lucide-react';

const heroPrimary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-button bg-white px-6 text-base font-semibold text-brand-900 shadow-lg shadow-brand-950/20 transition hover:bg-brand-50 disabled:cursor-wait disabled:opacity-80';
const heroSecondary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-button bg-white/10 px-6 text-base font-semibold text-white ring-1 ring-inset ring-white/40 backdrop-blur transition hover:bg-white/20';

const FEATURE_ICONS: Record<LandingFeatureId, ReactNode> = {
  classes: <CalendarCheckIcon />,
  invoices: <CreditCardIcon />,
  bookings: <LayoutGridIcon />,
  updates: <BellIcon />,
};

/** D2 "Welcome landing": the home of a guest, or of a customer with nothing scheduled or owing. */
export function WelcomeLanding() {
  const config = useConfig();
  const user = useCurrentUser();
  const openModal = useUiStore((s) => s.openModal);
  const banner = imageSource(config.global_settings?.bannerImage);
  const companyName = config.CompanyDisplayName;
  const term = studentTerm(config);
  const social = socialLinks(config);
  const logo = logoSource(config);
  // X7: the same switch travels under both names; Select Classes also needs reservations on.
  const canSelectClasses = (config.CustomerPortalAllowOCR ?? config.AllowOCR) && config.OnlineClassReservationsEnabled;

  const features = landingFeatures(config);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <section aria-labelledby="welcome-heading" className="relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-12 text-white shadow-xl sm:px-12 sm:py-20">
        {banner ? (
          <>
            <img src={banner} alt="" className="absolute inset-0 -z-20 size-full object-cover" />
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950/90 via-brand-900/75 to-brand-900/30" />
          </>
        ) : (
          <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950">
            <div className="absolute -top-24 -right-16 size-80 rounded-full bg-brand-400/30 blur-3xl" />
            <div className="absolute -bottom-32 left-1/3 size-96 rounded-full bg-brand-500/20 blur-3xl" />
            <svg className="absolute right-0 bottom-0 h-40 w-full text-white/5 sm:h-56" viewBox="0 0 1200 200" preserveAspectRatio="none" fill="currentColor">
              <path d="M0 120c150-60 300-60 450 0s300 60 450 0 225-50 300-20v100H0z" />
              <path d="M0 160c200-50 350-40 500 5s350 40 700-15v50H0z" />
            </svg>
          </div>
        )}

        {logo && (
          <div aria-hidden="true" className="absolute top-1/2 right-12 hidden -translate-y-1/2 rotate-3 lg:block">
            <div className="grid h-44 w-64 place-items-center rounded-[2rem] bg-white/95 p-7 shadow-2xl shadow-brand-950/40 ring-8 ring-white/15">
              <img src={logo} alt="" className="size-full object-contain" />
            </div>
          </div>
        )}

        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-brand-100">{companyName}</p>
          <h1 id="welcome-heading" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {messages.welcome}
          </h1>
          <p className="mt-4 max-w-xl text-base text-pretty text-brand-50 sm:text-lg">
            {canSelectClasses ? 'Book classes, keep track' : 'Keep track'} of your {term.toLowerCase()}s and manage your account — all in one place.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {canSelectClasses && <SelectClassesButton signedIn={user != null} customerId={config.CustomerID} className={heroPrimary} />}
            {user ? (
              <Link to={paths.myDetails} className={canSelectClasses ? heroSecondary : heroPrimary}>
                <UserIcon />
                My Account
              </Link>
            ) : (
              <button type="button" onClick={() => openModal('login')} className={canSelectClasses ? heroSecondary : heroPrimary}>
                <UserIcon />
                My Account
              </button>
            )}
          </div>
        </div>
      </section>

      <section aria-label="What you can do here" className="mt-8 grid gap-4 sm:mt-10 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <div key={feature.title} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
            <span aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-primary-tint-strong text-primary-tint-ink">
              {FEATURE_ICONS[feature.id]}
            </span>
            <h2 className="mt-4 font-semibold text-ink">{feature.title}</h2>
            <p className="mt-1 text-sm text-muted">{feature.text}</p>
          </div>
        ))}
      </section>

      {social.length > 0 && (
        <section
          aria-labelledby="social-heading"
          className="mt-8 flex flex-col items-center gap-5 rounded-2xl border border-primary-line bg-primary-tint px-6 py-8 text-center sm:mt-10 sm:flex-row sm:justify-between sm:text-left"
        >
          <div>
            <h2 id="social-heading" className="font-semibold text-ink">
              Follow {companyName}
            </h2>
            <p className="mt-1 text-sm text-muted">News, photos and updates between classes.</p>
          </div>
          <SocialLinks links={social} companyName={companyName} />
        </section>
      )}
    </div>
  );
}
