import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { usePrefsStore } from '@/lib/prefs-store';

/** B13: the tab title names the app the page belongs to. */
function titleFor(pathname: string): string {
  if (pathname === paths.ocr || pathname.startsWith(`${paths.ocr}/`)) return 'OCR';
  if (pathname === paths.ob || pathname.startsWith(`${paths.ob}/`)) return 'OB';
  return 'Hub';
}

/** What the document itself shows whatever the page: its tab title and the dark theme the customer chose. */
export function useDocumentState(pathname: string): void {
  const dark = usePrefsStore((s) => s.dark);

  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
}
