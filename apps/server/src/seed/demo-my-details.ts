import type { CompanyBundleInput } from '../modules/import/import.api.ts';

type ClientInput = NonNullable<CompanyBundleInput['customers']>[number]['clients'][number];

/** parent@ at Splash: every customer field Splash's form shows, and an answer to each of its custom fields. */
export const sarahDetails = {
  reg_id: 'C000101',
  gender: 'Female',
  phone_home: '0293654410',
  email2: 'sarah.mitchell@work.example',
  address2: 'Unit 4',
  billing_same_as_address: true,
  notes: 'Prefers text messages during the day.',
  custom_fields: [
    { id: 101, value: 'Tom Mitchell 0400111222' },
    { id: 102, item_id: 1 },
    { id: 103, value: '1,2' },
    { id: 104, value: 'Y' },
  ],
} satisfies Partial<ClientInput>;
