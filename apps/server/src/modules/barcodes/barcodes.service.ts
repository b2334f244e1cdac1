import { BARCODE_SYMBOLOGIES, type Barcode, type BarcodeSymbology } from '@portal/shared/barcode-schemas';
import type { Ctx } from '../../context.ts';
import { drawBarcodeSvg } from '../../lib/barcode-svg.ts';
import * as repo from './barcodes.repository.ts';

// A symbology written into the table by hand and unknown to us is drawn as Code 128.
const symbologyOf = (value: string): BarcodeSymbology => ((BARCODE_SYMBOLOGIES as readonly string[]).includes(value) ? (value as BarcodeSymbology) : 'code128');

function toBarcode(row: repo.BarcodeRow): Barcode {
  const symbology = symbologyOf(row.symbology);
  const holder = row.student_first_name !== null ? `${row.student_first_name} ${row.student_last_name ?? ''}` : `${row.client_first_name} ${row.client_last_name}`;
  return {
    BarcodeID: row.id,
    Code: row.code,
    Symbology: symbology,
    Label: row.label,
    HolderName: holder.trim(),
    StudentID: row.student_id,
    Svg: drawBarcodeSvg(symbology, row.code),
  };
}

/** Every barcode of the client, drawn. */
export async function listBarcodes(ctx: Ctx, companyId: number, clientId: number): Promise<Barcode[]> {
  return (await repo.findBarcodesByClientId(ctx.db, companyId, clientId)).map(toBarcode);
}

/** One of the client's barcodes; undefined for another client's or another company's id. */
export async function findBarcode(ctx: Ctx, companyId: number, clientId: number, id: number): Promise<Barcode | undefined> {
  const row = await repo.findBarcodeById(ctx.db, companyId, clientId, id);
  return row && toBarcode(row);
}
