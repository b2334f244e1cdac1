import { useEffect, useState } from 'react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { applyBranding, resetBranding } from '@/lib/branding';
import { fontFor, fontReady } from '@/lib/fonts';
import { hubRedirectUrl } from '@/lib/hub-host';
import { postToNative } from '@/lib/native-bridge';
import { pageNeedsStripeReload } from '@/lib/stripe-page';

/**
 * The loaded company dresses the page (its colours, font, logo) and is told to a native wrapper;
 * a company that failed to load leaves the neutral look. True while the page must show nothing
 * more: the browser is being sent to the company's own host (C16), or the company's own font is
 * still on its way (at most a moment), so the shell is first drawn in the font it keeps and the top
 * bar does not shift when the font arrives (decision 081).
 */
export function useCompanyBranding(config: CompanyConfig | undefined, failed: boolean): boolean {
  const [redirecting, setRedirecting] = useState(false);
  const font = config ? fontFor(config.global_settings?.Font) : null;
  const [fontDrawn, setFontDrawn] = useState<string | null>(null);
  const waitingForFont = font?.load != null && fontDrawn !== font.family;

  useEffect(() => {
    if (!font?.load) return;
    let current = true;
    void fontReady(font).then(() => {
      if (current) setFontDrawn(font.family);
    });
    return () => {
      current = false;
    };
  }, [font]);

  useEffect(() => {
    if (!config) return;
    applyBranding(config);
    postToNative({ type: 'company-config', config });
    // C16: UK companies live on the '2' hosts, everyone else on the plain ones.
    const target = hubRedirectUrl(window.location, config.ServerLocation);
    if (target) {
      setRedirecting(true);
      window.location.replace(target);
    } else if (pageNeedsStripeReload(config)) {
      // Loaded again with Stripe's origins in its policy, before anything is typed (decision 103).
      setRedirecting(true);
      window.location.reload();
    }
  }, [config]);

  useEffect(() => {
    if (failed) resetBranding();
  }, [failed]);

  return redirecting || waitingForFont;
}
