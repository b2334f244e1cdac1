import { z } from 'zod';
import { BARCODE_SYMBOLOGIES } from '@portal/shared/barcode-schemas';
import { barcodeProblem } from '../../lib/barcode-svg.ts';

/**
 * A client's barcode in a company bundle: the value, how it is drawn, and whose card it is
 * (`student`: a key of one of the client's own students; absent: the client's own).
 */
export const bundleBarcodeSchema = z.strictObject({
  code: z.string().trim().min(1, 'Required').max(200),
  label: z.string().max(120).default(''),
  symbology: z.enum(BARCODE_SYMBOLOGIES).default('code128'),
  student: z.string().min(1).optional(),
});
export type BundleBarcode = z.output<typeof bundleBarcodeSchema>;

/**
 * Checks one client's barcodes: a value is unique in the company, its student is the client's,
 * and the symbology can draw it (EAN-13 takes 12 or 13 digits, Code 39 no lower case …).
 */
export function checkClientBarcodes(ctx: z.RefinementCtx, base: (string | number)[], input: { clientKey: string; barcodes: BundleBarcode[]; students: Set<string>; seen: Set<string> }): void {
  input.barcodes.forEach((bc, bi) => {
    const path = [...base, 'barcodes', bi];
    if (input.seen.has(bc.code)) ctx.addIssue({ code: 'custom', path: [...path, 'code'], message: `Duplicate barcode "${bc.code}"` });
    input.seen.add(bc.code);
    if (bc.student !== undefined && !input.students.has(bc.student)) {
      ctx.addIssue({ code: 'custom', path: [...path, 'student'], message: `Unknown student "${bc.student}" (not a student of client "${input.clientKey}")` });
    }
    const problem = barcodeProblem(bc.symbology, bc.code);
    if (problem) ctx.addIssue({ code: 'custom', path: [...path, 'code'], message: `Cannot be drawn as ${bc.symbology}: ${problem}` });
  });
}

/** The rows of the barcodes table for the clients of an import. */
export function barcodeRows(companyId: number, clients: { key: string; barcodes: BundleBarcode[] }[], clientId: (key: string) => number, studentId: (clientKey: string, studentKey: string) => number) {
  return clients.flatMap((client) =>
    client.barcodes.map((b) => ({
      company_id: companyId,
      client_id: clientId(client.key),
      code: b.code,
      label: b.label,
      symbology: b.symbology,
      student_id: b.student === undefined ? null : studentId(client.key, b.student),
    })),
  );
}
