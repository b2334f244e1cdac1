import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { usePrefsStore } from '@/lib/prefs-store';

// Needed only after the first paint, and only with ?intro.
const IntroCarousel = lazy(() => import('./intro-carousel').then((m) => ({ default: m.IntroCarousel })));

/** Pages where the intro never shows (B25). */
const NO_INTRO = new Set<string>([paths.ocr, paths.ob, paths.obCancel, paths.resetPassword, paths.joinFamily, paths.classSessionLink]);

/**
 * B22–B27, X15: only with ?intro, never on the standalone pages, never with ?client_id,
 * never while sign-in actions are queued, and not again once Skip / Get Started was used.
 */
export function Intro({ pathname, search, signedIn }: { pathname: string; search: string; signedIn: boolean }) {
  const introDone = usePrefsStore((s) => s.introDone);
  const setIntroDone = usePrefsStore((s) => s.setIntroDone);
  const actions = useSignInActions();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const queued = signedIn && (actions.data?.length ?? 0) > 0;
  const show = params.has('intro') && !params.has('client_id') && !NO_INTRO.has(pathname) && !queued && !introDone;
  if (!show) return null;
  return (
    <IntroCarousel
      onDone={() => {
        setIntroDone();
        params.delete('intro');
        const qs = params.toString();
        void navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true });
      }}
    />
  );
}
