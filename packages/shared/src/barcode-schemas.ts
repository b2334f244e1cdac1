import { z } from 'zod';

/**
 * The symbologies a company's barcodes may use (bwip-js ids). Code 128 is the default: any
 * printable ASCII, dense, read by every desk scanner; QR and Data Matrix for phone cameras and
 * longer values; Code 39 and EAN-13 for older cards.
 */
export const BARCODE_SYMBOLOGIES = ['code128', 'qrcode', 'datamatrix', 'code39', 'ean13'] as const;
export type BarcodeSymbology = (typeof BARCODE_SYMBOLOGIES)[number];

/** Two-dimensional symbologies are drawn square; the others as a wide strip. */
export const SQUARE_SYMBOLOGIES: readonly BarcodeSymbology[] = ['qrcode', 'datamatrix'];

export const SYMBOLOGY_NAMES: Record<BarcodeSymbology, string> = {
  code128: 'Code 128',
  qrcode: 'QR code',
  datamatrix: 'Data Matrix',
  code39: 'Code 39',
  ean13: 'EAN-13',
};

/** One barcode as the barcodes page shows it: whose it is, what it encodes, and where its image is. */
export const barcodeSchema = z.object({
  BarcodeID: z.number(),
  /** The encoded value, also printed under the image so the desk can type it. */
  Code: z.string(),
  Symbology: z.enum(BARCODE_SYMBOLOGIES),
  Label: z.string(),
  /** The client's or the student's name. */
  HolderName: z.string(),
  StudentID: z.number().nullable(),
  /** The image as SVG markup, drawn by the server (bwip-js), white quiet zone included. */
  Svg: z.string(),
});
export type Barcode = z.infer<typeof barcodeSchema>;

/** GET /api/customer/get-barcodes. */
export const barcodesAnswerSchema = z.object({ success: z.literal(true), total_barcodes: z.number(), barcodes: z.array(barcodeSchema) });
export type BarcodesAnswer = z.infer<typeof barcodesAnswerSchema>;

/** GET /api/customer/get-barcode/{id}. */
export const barcodeAnswerSchema = z.object({ success: z.literal(true), barcode: barcodeSchema });
export type BarcodeAnswer = z.infer<typeof barcodeAnswerSchema>;
