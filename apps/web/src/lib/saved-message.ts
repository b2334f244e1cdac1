import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The message a page was sent here with (`navigate(to, { state: { saved } })`): a save or a
 * finished step told on the page the customer lands on, as state the page can replace or clear.
 */
export function useSavedMessage() {
  const location = useLocation();
  return useState<string | null>(((location.state as { saved?: string } | null) ?? {}).saved ?? null);
}
