import type { CompanySettings } from '@portal/shared/company-config';
import { MIN_OCR_VERSION } from '@portal/shared/constants';
import { messages } from '@portal/shared/messages';
import { AppError } from '../lib/app-error.ts';

/** A company as every layer sees it: the plugins that resolve sessions and the features alike. */
export interface Company {
  id: number;
  customerId: number;
  companyDetailsId: number;
  code: string;
  tradingName: string;
  application: string;
  settings: CompanySettings;
  /** Moves with every change of the settings (see updateCompanySettings). */
  configVersion: number;
}

export function isCompanyActive(company: Company): boolean {
  return company.settings.switches.CustomerPortalActive && company.settings.global_settings.OCR_Version >= MIN_OCR_VERSION;
}

export function assertCompanyActive(company: Company): void {
  if (!isCompanyActive(company)) throw new AppError(403, 'COMPANY_INACTIVE', messages.inactiveBody);
}
