import { DEFAULT_FONT, findFont, type FontName } from '@portal/shared/fonts';

interface FontChoice {
  /** The CSS family list, the company's font first. */
  family: string;
  /** Fetches the font's CSS (and through it its files); null for Inter, which the app ships. */
  load: (() => Promise<unknown>) | null;
}

/**
 * One entry per font of the set: its @font-face family name and a dynamic import, so each
 * font is a chunk of its own that only the company using it downloads.
 */
const FONTS: Record<FontName, FontChoice> = {
  Inter: { family: "'Inter Variable'", load: null },
  Montserrat: { family: "'Montserrat Variable'", load: () => import('@fontsource-variable/montserrat') },
  Roboto: { family: "'Roboto Variable'", load: () => import('@fontsource-variable/roboto') },
  'Open Sans': { family: "'Open Sans Variable'", load: () => import('@fontsource-variable/open-sans') },
  Lato: {
    family: "'Lato'",
    load: () => Promise.all([import('@fontsource/lato/400.css'), import('@fontsource/lato/700.css')]),
  },
  Poppins: {
    family: "'Poppins'",
    load: () => Promise.all([import('@fontsource/poppins/400.css'), import('@fontsource/poppins/500.css'), import('@fontsource/poppins/600.css'), import('@fontsource/poppins/700.css')]),
  },
  Nunito: { family: "'Nunito Variable'", load: () => import('@fontsource-variable/nunito') },
  Raleway: { family: "'Raleway Variable'", load: () => import('@fontsource-variable/raleway') },
  'Source Sans 3': { family: "'Source Sans 3 Variable'", load: () => import('@fontsource-variable/source-sans-3') },
  'Playfair Display': { family: "'Playfair Display Variable'", load: () => import('@fontsource-variable/playfair-display') },
  Merriweather: { family: "'Merriweather Variable'", load: () => import('@fontsource-variable/merriweather') },
};

/** The font to draw a company in: its configured font when it is in the set, else Inter. */
export function fontFor(value: string | null | undefined): FontChoice {
  return FONTS[findFont(value) ?? DEFAULT_FONT];
}

/** How long the portal waits for a company's font before drawing in the fallback. */
const FONT_WAIT_MS = 1500;

/**
 * Settles once the company's font can draw the portal (the weights its text uses) or after
 * FONT_WAIT_MS, whichever comes first: the shell is drawn in the font it keeps, so nothing in
 * it (the top bar's cart and bells beside the account's name) moves when the font arrives.
 */
export async function fontReady(choice: FontChoice): Promise<void> {
  if (!choice.load || typeof document === 'undefined' || !('fonts' in document)) return;
  const loaded = choice
    .load()
    .then(() => Promise.all(['400', '600', '700'].map((weight) => document.fonts.load(`${weight} 1em ${choice.family}`))))
    .catch(() => undefined);
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
