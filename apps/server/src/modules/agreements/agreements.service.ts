import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { agreementMessages as am, SIGNATURE_LIMITS, pngDataUrl, signatureBase64, type Agreement } from '@portal/shared/agreement-schemas';
import { once, type Ctx } from '../../context.ts';
import { recordActivity, type NewActivity } from '../activity/activity.api.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { completeSignInActions } from '../accounts/accounts.api.ts';
import * as repo from './agreements.repository.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PIXELS = SIGNATURE_LIMITS.maxWidth * SIGNATURE_LIMITS.maxHeight;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const notFound = () => new AppError(404, 'NOT_FOUND', am.notFound);
const notPng = () => new AppError(422, 'SIGNATURE_NOT_PNG', am.signatureNotPng, [{ field: 'signature', message: am.signatureNotPng }]);
const tooLarge = () => new AppError(422, 'SIGNATURE_TOO_LARGE', am.signatureTooLarge, [{ field: 'signature', message: am.signatureTooLarge }]);

type AgreementRow = Omit<Awaited<ReturnType<typeof repo.findActiveWithProfiles>>[number], 'profile_id' | 'profile_required' | 'sort_order'>;
type SignatureRow = { version: number; signed_at: string } | undefined;

function toAgreement(a: AgreementRow, signed: SignatureRow): Agreement {
  return {
    AgreementID: a.id,
    Name: a.name,
    AgreementText: a.text,
    RequiresSignature: a.requires_signature === 1,
    Version: a.version,
    pivot: { Required: a.required === 1 },
    Signed: signed ? { SignedAt: signed.signed_at, Version: signed.version, Current: signed.version >= a.version } : null,
  };
}

/**
 * The active agreements to show (R8, R68, N25): a registration profile's own, with the
 * profile's Required, or the company's when no profile is given or the profile names none
 * (decision 040); with a customer, each with that customer's latest acceptance.
 */
export async function listActiveAgreements(ctx: Ctx, companyId: number, clientId: number | undefined, profileId?: number): Promise<Agreement[]> {
  const [agreements, signatures] = await Promise.all([
    findProfileOrCompanyAgreements(ctx, companyId, profileId),
    clientId === undefined ? Promise.resolve(new Map<number, SignatureRow>()) : repo.findLatestSignatures(ctx.db, companyId, clientId),
  ]);
  return agreements.map((a) => toAgreement(a, signatures.get(a.id)));
}

async function findProfileOrCompanyAgreements(ctx: Ctx, companyId: number, profileId: number | undefined): Promise<AgreementRow[]> {
  const active = await activeAgreements(ctx, companyId);
  const own = profileId === undefined ? undefined : active.byProfile.get(profileId);
  return own ?? active.company;
}

/**
 * The company's active agreements (by id) and each profile's own (in the profile's order, with its
 * Required), from one read per request: a registration checks them, records the acceptances and
 * prepares the sign-in, and none of it changes an agreement.
 */
function activeAgreements(ctx: Ctx, companyId: number): Promise<{ company: AgreementRow[]; byProfile: Map<number, AgreementRow[]> }> {
  return once(ctx, `active-agreements:${companyId}`, async () => {
    const rows = await repo.findActiveWithProfiles(ctx.db, companyId);
    const company = new Map<number, AgreementRow>();
    const linked = new Map<number, { row: AgreementRow; sortOrder: number }[]>();
    for (const { profile_id, profile_required, sort_order, ...a } of rows) {
      if (!company.has(a.id)) company.set(a.id, a);
      if (profile_id === null) continue;
      const list = linked.get(profile_id) ?? [];
      list.push({ row: { ...a, required: profile_required ?? a.required }, sortOrder: sort_order ?? 0 });
      linked.set(profile_id, list);
    }
    const byProfile = new Map([...linked].map(([id, list]) => [id, list.sort((x, y) => x.sortOrder - y.sortOrder || x.row.id - y.row.id).map((l) => l.row)]));
    return { company: [...company.values()], byProfile };
  });
}

/**
 * Required agreements whose current version the client has not accepted: each becomes an Accept
 * Agreement action. `accepted`: a client opened by the request, which accepted these agreements
 * at their current versions (`recordAcceptances`) and nothing else: its acceptances not read back.
 */
export async function agreementsAwaitingAcceptance(ctx: Ctx, companyId: number, clientId: number, accepted?: readonly number[]): Promise<number[]> {
  if (accepted) return (await activeAgreements(ctx, companyId)).company.filter((a) => a.required === 1 && !accepted.includes(a.id)).map((a) => a.id);
  const agreements = await listActiveAgreements(ctx, companyId, clientId);
  return agreements.filter((a) => a.pivot.Required && !a.Signed?.Current).map((a) => a.AgreementID);
}

/**
 * A drawn signature is accepted only as a PNG of bounded size and dimensions, judged by its
 * content: the magic bytes, the dimensions in its header (before any pixel is decoded), a
 * decompression limit, a full decode, and at least one mark on it. It is stored re-encoded,
 * which drops any text chunks or other metadata it carried.
 */
export async function checkSignature(dataUrl: string, name: string): Promise<string> {
  const base64 = signatureBase64(dataUrl);
  if (base64 === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw notPng();
  if (Math.floor((base64.length * 3) / 4) > SIGNATURE_LIMITS.maxBytes + 2) throw tooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_LIMITS.maxBytes) throw tooLarge();
  if (bytes.length < 24 || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw notPng();
  // The header's dimensions, before any decoder sees the pixels.
  if (bytes.readUInt32BE(16) > SIGNATURE_LIMITS.maxWidth || bytes.readUInt32BE(20) > SIGNATURE_LIMITS.maxHeight) throw tooLarge();
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw notPng();
  }
  if (meta.format !== 'png' || !meta.width || !meta.height) throw notPng();
  if (meta.width > SIGNATURE_LIMITS.maxWidth || meta.height > SIGNATURE_LIMITS.maxHeight) throw tooLarge();
  let stored: Buffer;
  try {
    const stats = await sharp(bytes, options).stats();
    // A uniform image (an empty pad) carries no signature.
    if (stats.channels.every((c) => c.min === c.max)) throw new AppError(422, 'SIGNATURE_REQUIRED', am.signatureRequired(name), [{ field: 'signature', message: am.signatureRequired(name) }]);
    stored = await sharp(bytes, options).png({ compressionLevel: 9 }).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notPng();
  }
  return stored.toString('base64');
}

/**
 * Records the customer's acceptance of the agreement's current version (K22): the version, a
 * SHA-256 of its text, the time, the client address and user agent, and the signature when one
 * is given (required when the agreement asks for one). Accepting a version already accepted
 * writes nothing more. Completes the Accept Agreement action for it.
 */
export async function agreeToAgreement(
  ctx: Ctx,
  input: { companyId: number; clientId: number; agreementId: number; signature: string | null | undefined; ipAddress: string; userAgent: string },
): Promise<void> {
  const agreement = await activeAgreement(ctx, input);
  // A missing signature is refused by writeAcceptance, before any image work.
  const signature = input.signature ? await checkSignature(input.signature, agreement.name) : null;
  await writeAcceptance(ctx, agreement, { ...input, signature });
}

/**
 * Several agreements accepted at once (a registration's), each signature already checked by
 * checkSignature (its re-encoded PNG, in base64): no image work, so a caller can check first and
 * write later inside a transaction. The same rules as agreeToAgreement, in five statements
 * whatever the number of agreements.
 */
export async function recordAcceptances(
  ctx: Ctx,
  input: {
    companyId: number;
    clientId: number;
    ipAddress: string;
    userAgent: string;
    accepted: { agreementId: number; signature: string | null }[];
    /** The client was opened in the caller's transaction: it has accepted nothing and has no action to complete yet. */
    newClient?: boolean;
  },
  /** Where the activity entries go when the caller writes its own with them, in one statement; written here otherwise. */
  activity?: NewActivity[],
): Promise<void> {
  const { companyId, clientId } = input;
  const asked = new Set(input.accepted.map((a) => a.agreementId));
  const agreements = new Map((await activeAgreements(ctx, companyId)).company.filter((a) => asked.has(a.id)).map((a) => [a.id, a]));
  const latest = input.newClient ? new Map<number, { version: number }>() : await repo.findLatestSignatures(ctx.db, companyId, clientId);
  const rows: Parameters<typeof repo.insertSignatures>[1] = [];
  const entries: NewActivity[] = [];
  for (const a of input.accepted) {
    const agreement = agreements.get(a.agreementId);
    if (!agreement) throw notFound();
    if (agreement.requires_signature === 1 && !a.signature) {
      throw new AppError(422, 'SIGNATURE_REQUIRED', am.signatureRequired(agreement.name), [{ field: 'signature', message: am.signatureRequired(agreement.name) }]);
    }
    const before = latest.get(agreement.id);
    if (before && before.version >= agreement.version) continue;
    rows.push({
      companyId,
      agreementId: agreement.id,
      clientId,
      version: agreement.version,
      textSha256: agreement.text_sha256,
      signature: a.signature,
      ipAddress: input.ipAddress.slice(0, 100),
      userAgent: input.userAgent.slice(0, 500),
      signedBy: ctx.guardian ? `${ctx.guardian.firstName} ${ctx.guardian.lastName}` : '',
    });
    entries.push({ companyId, clientId, kind: 'agreement', summary: `${a.signature ? 'Signed' : 'Accepted'} ${agreement.name} (version ${agreement.version})` });
  }
  await repo.insertSignatures(ctx.db, rows);
  if (activity) activity.push(...entries);
  else await recordActivity(ctx, entries);
  if (!input.newClient) await completeSignInActions(ctx, companyId, clientId, 'AcceptAgreement', { agreementIds: [...agreements.keys()] });
}

async function activeAgreement(ctx: Ctx, input: { companyId: number; agreementId: number }) {
  const agreement = await repo.findActiveById(ctx.db, input.companyId, input.agreementId);
  if (!agreement) throw notFound();
  return agreement;
}

async function writeAcceptance(
  ctx: Ctx,
  agreement: NonNullable<Awaited<ReturnType<typeof repo.findActiveById>>>,
  input: { companyId: number; clientId: number; signature: string | null; ipAddress: string; userAgent: string },
): Promise<void> {
  if (agreement.requires_signature === 1 && !input.signature) {
    throw new AppError(422, 'SIGNATURE_REQUIRED', am.signatureRequired(agreement.name), [{ field: 'signature', message: am.signatureRequired(agreement.name) }]);
  }
  const latest = (await repo.findLatestSignatures(ctx.db, input.companyId, input.clientId)).get(agreement.id);
  // The same acceptance sent twice at once is written, and logged, once.
  if (!latest || latest.version < agreement.version) {
    const written = await repo.insertSignature(ctx.db, {
      companyId: input.companyId,
      agreementId: agreement.id,
      clientId: input.clientId,
      version: agreement.version,
      textSha256: agreement.text_sha256,
      signature: input.signature,
      ipAddress: input.ipAddress.slice(0, 100),
      userAgent: input.userAgent.slice(0, 500),
      // An invited guardian signs in their own name (decision 101); '' is the account holder.
      signedBy: ctx.guardian ? `${ctx.guardian.firstName} ${ctx.guardian.lastName}` : '',
    });
    if (written)
      await recordActivity(ctx, {
        companyId: input.companyId,
        clientId: input.clientId,
        kind: 'agreement',
        summary: `${input.signature ? 'Signed' : 'Accepted'} ${agreement.name} (version ${agreement.version})`,
      });
  }
  await completeSignInActions(ctx, input.companyId, input.clientId, 'AcceptAgreement', { agreementId: agreement.id });
}

/** An agreement the customer accepted, shown again with the words, signature and date of their latest acceptance. */
export async function findSignedAgreement(ctx: Ctx, companyId: number, clientId: number, agreementId: number) {
  const agreement = await repo.findActiveById(ctx.db, companyId, agreementId);
  if (!agreement) throw notFound();
  const signed = await repo.findLatestSignature(ctx.db, companyId, clientId, agreementId);
  if (!signed) throw new AppError(404, 'NOT_SIGNED', am.notSigned);
  return {
    agreement: toAgreement(agreement, signed),
    signature: { Name: signed.name, AgreementText: signed.text, Version: signed.version, SignedAt: signed.signed_at, Signature: signed.signature ? pngDataUrl(signed.signature) : null },
  };
}

/**
 * Publishes a new version of an agreement (the CLI's publish-agreement). A required agreement's
 * new version becomes an Accept Agreement action for every client of the company at their next
 * sign-in, since none of them has accepted it yet.
 */
export async function publishAgreementVersion(
  ctx: Pick<Ctx, 'db'>,
  input: { companyCode: string; agreement: string; text: string; name?: string | undefined; requiresSignature?: boolean | undefined },
): Promise<{ agreementId: number; version: number; name: string; required: boolean }> {
  const company = await repo.findCompanyIdByCode(ctx.db, input.companyCode);
  if (!company) throw new AppError(404, 'NOT_FOUND', `No company with code ${input.companyCode}`);
  const current = await repo.findByIdOrName(ctx.db, company.id, input.agreement);
  if (!current) throw new AppError(404, 'NOT_FOUND', `Company ${input.companyCode} has no agreement "${input.agreement}"`);
  const text = input.text.trim();
  if (!text) throw new AppError(400, 'VALIDATION', 'The agreement text is empty');
  const name = input.name?.trim() || current.name;
  const version = await repo.publishVersion(ctx.db, company.id, current.id, {
    name,
    text,
    textSha256: sha256(text),
    requiresSignature: input.requiresSignature ?? current.requires_signature === 1,
    publishedAt: nowIso(),
  });
  return { agreementId: current.id, version, name, required: current.required === 1 };
}
