import { z } from 'zod';
import { emailField } from '@portal/shared/auth-schemas';
import { GENDER_TYPES } from '@portal/shared/form-engine/form-types';
import { CustomFieldType, selectFormFields, type FormConfiguration } from '@portal/shared/form-config';

/**
 * The rest of a client's record in a company bundle (K25, decision 020): what My Details shows
 * beside the name and the sign-in. Phone numbers are stored as the forms accept them (an
 * optional + then digits, S20): spaces, dashes, dots and brackets are dropped on import.
 */
const phone = z
  .string()
  .default('')
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .refine((v) => v === '' || /^\+?[0-9]+$/.test(v), 'Expected a phone number: an optional + then digits');
const line = z.string().trim().max(100).default('');

export const bundleClientDetailsShape = {
  /** Overrides the client's phone_mobile with its normalised form. */
  phone_mobile: phone,
  reg_id: z.string().trim().max(30).default(''),
  gender: z.enum(GENDER_TYPES).optional(),
  gender_other: z.string().trim().max(50).default(''),
  phone_home: phone,
  phone_work: phone,
  phone_mobile2: phone,
  email2: z.union([emailField, z.literal('')]).default(''),
  fax: phone.refine((v) => !v.startsWith('+'), 'Expected digits only'),
  address2: line,
  billing_same_as_address: z.boolean().default(false),
  billing_address1: line,
  billing_address2: line,
  billing_suburb: z.string().trim().max(60).default(''),
  billing_state: z.string().trim().max(60).default(''),
  billing_postcode: z.string().trim().max(12).default(''),
  notes: z.string().trim().max(2000).default(''),
  /** Answers to the company's customer custom fields (form_configuration.customer.custom_fields). */
  custom_fields: z.array(z.strictObject({ id: z.number().int().positive(), item_id: z.number().int().positive().optional(), value: z.string().max(500).optional() })).default([]),
};

type Details = z.output<z.ZodObject<typeof bundleClientDetailsShape>>;

/** The clients columns of these details; billing same as address stores a copy of the address. */
export function clientDetailColumns(client: Details & { address1: string; suburb: string; state: string; postcode: string }) {
  const same = client.billing_same_as_address;
  return {
    phone_mobile: client.phone_mobile,
    reg_id: client.reg_id,
    gender_type: client.gender ?? '',
    gender_other: client.gender === 'Other' ? client.gender_other : '',
    phone_home: client.phone_home,
    phone_work: client.phone_work,
    phone_mobile2: client.phone_mobile2,
    email2: client.email2,
    fax: client.fax,
    address2: client.address2,
    billing_addr_same: same ? 1 : 0,
    billing_address1: same ? client.address1 : client.billing_address1,
    billing_address2: same ? client.address2 : client.billing_address2,
    billing_suburb: same ? client.suburb : client.billing_suburb,
    billing_state: same ? client.state : client.billing_state,
    billing_postcode: same ? client.postcode : client.billing_postcode,
    notes: client.notes,
  };
}

/** The client_custom_field_values rows of an import. */
export function customFieldValueRows(companyId: number, clients: { clientId: number; custom_fields: Details['custom_fields'] }[]) {
  return clients.flatMap(({ clientId, custom_fields }) =>
    custom_fields.map((f) => ({
      company_id: companyId,
      client_id: clientId,
      custom_field_id: f.id,
      custom_field_item_id: f.item_id ?? null,
      field_value: f.value ?? (f.item_id === undefined ? null : String(f.item_id)),
    })),
  );
}

/**
 * A client's custom field answers must answer the company's customer custom fields: a known
 * field, once, and for a drop-down one of its options.
 */
export function checkClientDetails(ctx: z.RefinementCtx, base: (string | number)[], client: Details, configuration: FormConfiguration | null | undefined): void {
  const fields = new Map(selectFormFields(configuration, 'customer').custom_fields.map((f) => [f.CustomFieldID, f]));
  const seen = new Set<number>();
  client.custom_fields.forEach((answer, i) => {
    const path = [...base, 'custom_fields', i];
    const field = fields.get(answer.id);
    if (!field) {
      ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `Unknown customer custom field ${answer.id} (not in form_configuration.customer.custom_fields)` });
      return;
    }
    if (seen.has(answer.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `Custom field ${answer.id} answered twice` });
    seen.add(answer.id);
    const type = field.custom_field.FieldType;
    const options = new Set(field.custom_field.custom_field_options.map((o) => o.value));
    const chosen = answer.item_id !== undefined ? [answer.item_id] : type === CustomFieldType.freeText || type === CustomFieldType.yesOrNoDD ? [] : (answer.value ?? '').split(',').map(Number);
    if (chosen.some((v) => !options.has(v))) ctx.addIssue({ code: 'custom', path, message: `Not an option of custom field ${answer.id}` });
    if (type === CustomFieldType.yesOrNoDD && answer.value !== undefined && answer.value !== 'Y' && answer.value !== 'N') {
      ctx.addIssue({ code: 'custom', path: [...path, 'value'], message: 'Expected Y or N' });
    }
  });
}
