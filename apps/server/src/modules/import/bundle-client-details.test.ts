import { describe, expect, it } from 'vitest';
import { demoBundles } from '../../seed/demo-bundles.ts';
import { companyBundleSchema } from './company-bundle.ts';
import { clientDetailColumns } from './bundle-client-details.ts';

type Client = Record<string, unknown>;
/** Splash's bundle with its first client changed by `edit`. */
function splashWith(edit: (client: Client) => void) {
  const bundle = structuredClone(demoBundles()[0]!) as unknown as { customers: { clients: Client[] }[] };
  edit(bundle.customers[0]!.clients[0]!);
  return companyBundleSchema.safeParse(bundle);
}
const messages = (result: ReturnType<typeof splashWith>) => (result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

describe('client details in a company bundle', () => {
  it('phones lose their spacing; billing same as address stores a copy of the address', () => {
    const result = splashWith((c) => {
      c.phone_mobile = '0412 345-678';
      c.phone_home = '(02) 9365.4410';
      c.billing_same_as_address = true;
    });
    expect(messages(result)).toEqual([]);
    const client = result.data!.customers[0]!.clients[0]!;
    const columns = clientDetailColumns(client);
    expect(columns).toMatchObject({ phone_mobile: '0412345678', phone_home: '0293654410', billing_addr_same: 1, billing_address1: client.address1, billing_postcode: client.postcode });
  });

  it('refuses a phone with letters, an unknown custom field, a twice-answered one and an option the field does not have', () => {
    const result = splashWith((c) => {
      c.phone_work = '02 CALL ME';
      c.custom_fields = [
        { id: 999, value: 'x' },
        { id: 102, item_id: 9 },
        { id: 104, value: 'maybe' },
        { id: 104, value: 'Y' },
      ];
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/phone_work: Expected a phone number/),
        expect.stringMatching(/custom_fields\.0\.id: Unknown customer custom field 999/),
        expect.stringMatching(/custom_fields\.1: Not an option of custom field 102/),
        expect.stringMatching(/custom_fields\.2\.value: Expected Y or N/),
        expect.stringMatching(/custom_fields\.3\.id: Custom field 104 answered twice/),
      ]),
    );
  });
});
