import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables that the typed schema does not know yet */
type Table = CreateTableBuilder<any, any>;

/**
 * Payment: the simulated gateway's own vault and charges, the portal's payments (one per
 * Idempotency-Key), saved payment details, discount codes with their uses, customer credits
 * with their uses, and the class places a checkout holds while it charges (decision 024).
 */
export function checkoutTables(engine: Engine) {
  const id = (t: Table): Table =>
    engine === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const companyRef = (t: Table): Table => t.addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'));
  const clientRef = (name: string, t: Table, notNull = true): Table =>
    t
      .addColumn('client_id', 'integer', (c) => (notNull ? c.notNull() : c))
      .addForeignKeyConstraint(`${name}_client_id_tenant`, ['company_id', 'client_id'], 'clients', ['company_id', 'id'], (c) => c.onDelete('cascade'));

  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = (name: string, build: (t: Table) => Table) => build(db.schema.createTable(name)).execute();
      const index = (name: string, on: string, columns: string[], unique = false) => {
        const builder = db.schema.createIndex(name).on(on).columns(columns);
        return (unique ? builder.unique() : builder).execute();
      };

      // The simulated gateway's vault: a token and what a real gateway tells the merchant about the card. Never a card number.
      await table('gateway_cards', (t) =>
        companyRef(id(t))
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('brand', 'text', (c) => c.notNull())
          .addColumn('last4', 'text', (c) => c.notNull())
          .addColumn('exp_month', 'integer', (c) => c.notNull())
          .addColumn('exp_year', 'integer', (c) => c.notNull())
          .addColumn('behaviour', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull()),
      );
      await table('gateway_charges', (t) =>
        companyRef(id(t))
          .addColumn('charge_id', 'text', (c) => c.notNull().unique())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('request_hash', 'text', (c) => c.notNull())
          .addColumn('token', 'text', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('decline_code', 'text')
          .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('gateway_charges_key', ['company_id', 'idempotency_key']),
      );
      await table('payments', (t) =>
        clientRef('payments', companyRef(id(t)))
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('request_hash', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('processor', 'text', (c) => c.notNull())
          .addColumn('reference', 'text')
          .addColumn('request', 'text', (c) => c.notNull())
          .addColumn('quote', 'text', (c) => c.notNull())
          .addColumn('result', 'text')
          .addColumn('lease_until', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('payments_key', ['company_id', 'client_id', 'idempotency_key']),
      );
      await index('payments_status', 'payments', ['status', 'lease_until']);
      await table('payment_methods', (t) =>
        clientRef('payment_methods', companyRef(id(t)))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('gateway_token', 'text', (c) => c.notNull())
          .addColumn('card_brand', 'text')
          .addColumn('card_last4', 'text')
          .addColumn('card_exp_month', 'integer')
          .addColumn('card_exp_year', 'integer')
          .addColumn('bank_format', 'text')
          .addColumn('account_name', 'text')
          .addColumn('bank_code_masked', 'text')
          .addColumn('account_number_masked', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('payment_methods_client', ['company_id', 'client_id']),
      );
      await table('discount_codes', (t) =>
        companyRef(id(t))
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('value', 'integer', (c) => c.notNull())
          .addColumn('valid_from', 'text')
          .addColumn('valid_to', 'text')
          .addColumn('max_uses', 'integer')
          .addColumn('max_uses_per_client', 'integer')
          .addColumn('eligible_kinds', 'text')
          .addColumn('eligible_class_ids', 'text')
          .addColumn('minimum_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addUniqueConstraint('discount_codes_code', ['company_id', 'code'])
          .addUniqueConstraint('discount_codes_company_id_key', ['company_id', 'id']),
      );
      await table('discount_code_uses', (t) =>
        clientRef('discount_code_uses', companyRef(id(t)))
          .addColumn('discount_code_id', 'integer', (c) => c.notNull())
          .addColumn('payment_id', 'integer', (c) => c.notNull())
          .addColumn('invoice_no', 'text', (c) => c.notNull())
          .addColumn('discount_cents', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addForeignKeyConstraint('discount_code_uses_code_tenant', ['company_id', 'discount_code_id'], 'discount_codes', ['company_id', 'id'], (c) => c.onDelete('cascade')),
      );
      await index('discount_code_uses_code', 'discount_code_uses', ['company_id', 'discount_code_id', 'client_id']);
      await table('customer_credits', (t) =>
        clientRef('customer_credits', companyRef(id(t)))
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('remaining_cents', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('customer_credits_company_id_key', ['company_id', 'id']),
      );
      await index('customer_credits_client', 'customer_credits', ['company_id', 'client_id']);
      await table('credit_uses', (t) =>
        companyRef(id(t))
          .addColumn('credit_id', 'integer', (c) => c.notNull())
          .addColumn('payment_id', 'integer', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addForeignKeyConstraint('credit_uses_credit_tenant', ['company_id', 'credit_id'], 'customer_credits', ['company_id', 'id'], (c) => c.onDelete('cascade')),
      );
    },
  };
}
