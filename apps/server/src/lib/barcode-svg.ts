import bwipjs from 'bwip-js/node';
import { SQUARE_SYMBOLOGIES, type BarcodeSymbology } from '@portal/shared/barcode-schemas';

/**
 * Barcodes drawn as SVG by bwip-js. An image depends only on its symbology and value, so a drawn
 * one is kept (a bounded memo, nothing to invalidate): drawing costs 2–4 ms, the first one of a
 * process about 35 ms. The quiet zone (white margin a scanner needs) is part of the image, so it
 * scans on a dark page too; the value is printed by the page, in text a person can read and copy.
 */
const MEMO_MAX = 500;
const memo = new Map<string, string>();

function options(symbology: BarcodeSymbology, code: string) {
  const square = SQUARE_SYMBOLOGIES.includes(symbology);
  return {
    bcid: symbology,
    text: code,
    scale: square ? 4 : 3,
    // Millimetres at scale 1: a tall strip is easier to hit with a phone camera.
    ...(square ? {} : { height: 22 }),
    paddingwidth: square ? 4 : 12,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  };
}

export function drawBarcodeSvg(symbology: BarcodeSymbology, code: string): string {
  const key = `${symbology}\n${code}`;
  const kept = memo.get(key);
  if (kept !== undefined) return kept;
  const svg = bwipjs.toSVG(options(symbology, code));
  memo.set(key, svg);
  if (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value!);
  return svg;
}

/** Why a value cannot be drawn in a symbology (EAN-13 needs 12 or 13 digits …), or undefined when it can. */
export function barcodeProblem(symbology: BarcodeSymbology, code: string): string | undefined {
  try {
    drawBarcodeSvg(symbology, code);
    return undefined;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    // bwip-js prefixes its messages with an internal id: "bwipp.ean13badLength#6878: EAN-13 must be …".
    return text.replace(/^[\w.]+#\d+:\s*/, '');
  }
}
