import { useEffect, useState } from 'react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { applyBranding, resetBranding } from '@/lib/branding';
import { hubRedirectUrl } from '@/lib/hub-host';
import { postToNative } from '@/lib/native-bridge';

/**
 * The loaded company dresses the page (its colours, font, logo) and is told to a native wrapper;
 * a company that failed to load leaves the neutral look. True while the browser is sent to the
 * company's own host (C16), when the page must show nothing more.
 */
export function useCompanyBranding(config: CompanyConfig | undefined, failed: boolean): boolean {
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!config) return;
    applyBranding(config);
    postToNative({ type: 'company-config', config });
    // C16: UK companies live on the '2' hosts, everyone else on the plain ones.
    const target = hubRedirectUrl(window.location, config.ServerLocation);
    if (target) {
      setRedirecting(true);
      window.location.replace(target);
    }
  }, [config]);

  useEffect(() => {
    if (failed) resetBranding();
  }, [failed]);

  return redirecting;
}
