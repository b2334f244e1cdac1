import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts of invoice and receipt PDFs, so a family's names print in their own script: Noto Sans
 * (Latin, Greek, Cyrillic, Vietnamese), then Noto Sans SC (Chinese, Japanese kana), Noto Sans KR
 * (Hangul) and Noto Emoji, each tried in turn for a character the ones before it lack. pdfkit
 * embeds only the glyphs a document uses, so a PDF carries a few kilobytes of each font it needs.
 */

export type Weight = 'regular' | 'bold';

interface Face {
  /** The name the font is registered under in a document. */
  name: string;
  file: string;
}

interface FallbackFont {
  regular: Face;
  bold: Face;
}

const resolve = createRequire(import.meta.url).resolve;

/** In the order tried; the first is the font of every character none of them has (a box). */
const CHAIN: FallbackFont[] = [
  {
    regular: { name: 'NotoSans-Regular', file: resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf') },
    bold: { name: 'NotoSans-Bold', file: resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf') },
  },
  {
    regular: { name: 'NotoSansSC-Regular', file: resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf') },
    bold: { name: 'NotoSansSC-Bold', file: resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf') },
  },
  {
    regular: { name: 'NotoSansKR-Regular', file: resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf') },
    bold: { name: 'NotoSansKR-Bold', file: resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf') },
  },
  {
    regular: { name: 'NotoEmoji-Regular', file: resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf') },
    bold: { name: 'NotoEmoji-Bold', file: resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf') },
  },
];
const EMOJI = CHAIN.length - 1;

/**
 * Which characters each font has, read from its regular face once per process, and only when a
 * character is missing from every font before it (the CJK files are 10 MB each).
 */
const coverage = new Map<FallbackFont, fontkit.Font>();
function has(f: FallbackFont, char: string): boolean {
  let parsed = coverage.get(f);
  if (!parsed) {
    parsed = fontkit.create(fs.readFileSync(f.regular.file)) as fontkit.Font;
    coverage.set(f, parsed);
  }
  return parsed.hasGlyphForCodePoint(char.codePointAt(0)!);
}

/** Joiners and variation selectors stay with the character before them (an emoji sequence, a CJK variant). */
const JOINS_PREVIOUS = /^(?:\u200d|\p{Variation_Selector})$/u;

function fontIndexFor(char: string): number {
  const index = CHAIN.findIndex((f) => has(f, char));
  return index < 0 ? 0 : index;
}

export interface Run {
  text: string;
  font: string;
}

/** Splits text into runs, each in the first font of the chain that has its characters. */
export function fontRuns(text: string, weight: Weight): Run[] {
  const runs: { text: string; index: number }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    // Joiners go with the run they are in; so do a character its font also has and a space
    // (but not after an emoji, whose font's space is as wide as an emoji).
    const space = /^\s$/u.test(char);
    const keep = last && (JOINS_PREVIOUS.test(char) || (space ? last.index !== EMOJI : has(CHAIN[last.index]!, char)));
    if (last && keep) {
      last.text += char;
      continue;
    }
    runs.push({ text: char, index: space ? 0 : fontIndexFor(char) });
  }
  return runs.map((r) => ({ text: r.text, font: CHAIN[r.index]![weight].name }));
}

/** Registers the chain's fonts with a document by file: pdfkit reads a file only when a run uses its font. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const f of CHAIN) for (const face of [f.regular, f.bold]) doc.registerFont(face.name, face.file);
}

/** The name of the main font (Noto Sans) in a weight. */
export function mainFont(weight: Weight): string {
  return CHAIN[0]![weight].name;
}

/**
 * Writes text in as many fonts as its scripts need, as one paragraph per line (pdfkit's
 * `continued` joins the runs of a line), at (x, y) or where the last text left off.
 */
export function write(doc: PDFKit.PDFDocument, text: string, weight: Weight, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}): PDFKit.PDFDocument {
  const lines = text.split('\n');
  lines.forEach((line, l) => {
    const runs = fontRuns(line, weight);
    if (runs.length === 0) runs.push({ text: '', font: mainFont(weight) });
    runs.forEach((run, i) => {
      const lastOfText = l === lines.length - 1 && i === runs.length - 1;
      const opts = { ...options, continued: lastOfText ? options.continued === true : i < runs.length - 1 };
      doc.font(run.font);
      if (i > 0) doc.text(run.text, opts);
      else if (l > 0) doc.text(run.text, x, undefined, opts);
      else if (x !== undefined || y !== undefined) doc.text(run.text, x, y, opts);
      else doc.text(run.text, opts);
    });
  });
  return doc;
}

/** The height `write` will take for text wrapped at `width`: exact in one font, close when scripts mix. */
export function heightOf(doc: PDFKit.PDFDocument, text: string, weight: Weight, width: number): number {
  const runs = fontRuns(text, weight);
  if (runs.length <= 1) return doc.font(runs[0]?.font ?? mainFont(weight)).heightOfString(text, { width });
  let lineWidth = 0;
  let lineHeight = 0;
  for (const run of runs) {
    doc.font(run.font);
    lineWidth += doc.widthOfString(run.text);
    lineHeight = Math.max(lineHeight, doc.currentLineHeight(true));
  }
  return (text.split('\n').length - 1 + Math.max(1, Math.ceil(lineWidth / width))) * lineHeight;
}
