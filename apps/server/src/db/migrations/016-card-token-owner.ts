import { sql, type Kysely } from 'kysely';

/**
 * A gateway card token belongs to the client who tokenised it (the gateway's customer): it
 * cannot pay for or be saved by anyone else (decision 024). Tokens already saved as a card
 * take the client that saved them; other older tokens belong to nobody and are refused.
 */
export const cardTokenOwner = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('gateway_cards').addColumn('client_id', 'integer').execute();
    await sql`update gateway_cards set client_id = (
      select pm.client_id from payment_methods pm
      where pm.company_id = gateway_cards.company_id and pm.gateway_token = gateway_cards.token
    )`.execute(db);
  },
};
