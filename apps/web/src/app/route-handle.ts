import type { CompanyConfig } from '@portal/shared/company-config';

/** What a route of the tree carries besides its page. */
export interface RouteHandle {
  /** The page name; a function when it depends on the company (e.g. "{StudentTerm}s"). */
  title?: string | ((config: CompanyConfig | undefined) => string);
}
