import type { CompanyConfig } from '@portal/shared/company-config';
import { studentTerm } from '@/lib/branding';

export type LandingFeatureId = 'classes' | 'invoices' | 'bookings' | 'updates';

interface LandingFeature {
  id: LandingFeatureId;
  title: string;
  text: string;
}

type FeatureConfig = Pick<CompanyConfig, 'CompanyDisplayName' | 'StudentTerm' | 'CourtText' | 'ShowFinancialsTab' | 'ShowBookingsTab' | 'ShowNotificationsTab' | 'EnableMessages' | 'ShowSkillSets'> & {
  fin_setup?: Partial<Pick<CompanyConfig['fin_setup'], 'InvoicesPaidOnline' | 'PaymentGatewayEnabled'>>;
};

/**
 * What the welcome landing says a customer can do here: only what this company's
 * switches allow, so no card promises an area that is switched off or a payment that
 * cannot be made online.
 */
export function landingFeatures(config: FeatureConfig): LandingFeature[] {
  const term = studentTerm(config).toLowerCase();
  const name = config.CompanyDisplayName;
  const features: LandingFeature[] = [
    {
      id: 'classes',
      title: config.ShowSkillSets ? 'Classes & progress' : 'Classes',
      text: config.ShowSkillSets ? `See every upcoming lesson and how each ${term} is getting on.` : `See every upcoming lesson for each ${term}, with the time and place.`,
    },
  ];
  if (config.ShowFinancialsTab) {
    const payOnline = config.fin_setup?.InvoicesPaidOnline === true && config.fin_setup.PaymentGatewayEnabled === true;
    features.push({
      id: 'invoices',
      title: payOnline ? 'Invoices & payments' : 'Invoices & receipts',
      text: payOnline ? 'Check what is due, view past invoices and pay securely online.' : 'Check what is due and keep every invoice and receipt at hand.',
    });
  }
  if (config.ShowBookingsTab) {
    const court = (config.CourtText?.trim() || 'court').toLowerCase();
    features.push({ id: 'bookings', title: 'Bookings', text: `Book a ${court} and see your upcoming bookings.` });
  }
  const notifications = config.ShowNotificationsTab !== false;
  if (notifications || config.EnableMessages) {
    features.push({
      id: 'updates',
      title: 'Always up to date',
      text:
        notifications && config.EnableMessages
          ? `Notifications and messages from ${name}, in one place.`
          : notifications
            ? `Notifications from ${name} the moment something changes.`
            : `Messages from ${name}, in one place.`,
    });
  }
  return features;
}
