import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables that the typed schema does not know yet */
type Table = CreateTableBuilder<any, any>;

export function foundation(engine: Engine) {
  const id = (t: Table): Table =>
    engine === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const companyRef = (t: Table): Table =>
    t.addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'));

  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = (name: string, build: (t: Table) => Table) => build(db.schema.createTable(name)).execute();

      await table('companies', (t) =>
        id(t)
          .addColumn('customer_id', 'integer', (c) => c.notNull().unique())
          .addColumn('company_details_id', 'integer', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('trading_name', 'text', (c) => c.notNull())
          .addColumn('application', 'text', (c) => c.notNull())
          .addColumn('settings', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull()),
      );
      await table('list_items', (t) =>
        companyRef(id(t))
          .addColumn('list_name', 'text', (c) => c.notNull())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('ocr_field_value_id', 'integer')
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
      );
      await table('venues', (t) =>
        companyRef(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
      );
      await table('lesson_formats', (t) =>
        companyRef(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
      );
      await table('logins', (t) =>
        companyRef(id(t))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('logins_company_email', ['company_id', 'email']),
      );
      await table('clients', (t) =>
        companyRef(id(t))
          .addColumn('login_id', 'integer', (c) => c.notNull().references('logins.id').onDelete('cascade'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone_mobile', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('suburb', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'text', (c) => c.notNull()),
      );
      await table('sessions', (t) =>
        companyRef(id(t))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull()),
      );
      await table('students', (t) =>
        companyRef(id(t))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('dob', 'text')
          .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('standard', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('profile_picture', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull()),
      );
      await table('classes', (t) =>
        companyRef(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('lesson_format_id', 'integer', (c) => c.references('lesson_formats.id').onDelete('set null'))
          .addColumn('venue_id', 'integer', (c) => c.references('venues.id').onDelete('set null'))
          .addColumn('court', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('day_of_week', 'integer', (c) => c.notNull())
          .addColumn('start_time', 'text', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('standard', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(8)),
      );
      await table('class_sessions', (t) =>
        companyRef(id(t))
          .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('start_time', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled')),
      );
      await table('enrolments', (t) =>
        companyRef(id(t))
          .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
          .addColumn('start_date', 'text', (c) => c.notNull())
          .addColumn('end_date', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')),
      );
      await table('invoices', (t) =>
        companyRef(id(t))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('invoice_no', 'text', (c) => c.notNull())
          .addColumn('invoice_date', 'text', (c) => c.notNull())
          .addColumn('payment_date', 'text', (c) => c.notNull())
          .addColumn('total_cents', 'integer', (c) => c.notNull())
          .addColumn('balance_due_cents', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addUniqueConstraint('invoices_company_no', ['company_id', 'invoice_no']),
      );
      await table('notifications', (t) =>
        companyRef(id(t))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('tag_data', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull()),
      );
      await table('notification_contacts', (t) =>
        companyRef(id(t))
          .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('New'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('read_at', 'text'),
      );
      await table('notification_opt_outs', (t) =>
        companyRef(t)
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('email', 'integer', (c) => c.notNull())
          .addColumn('in_app', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('notification_opt_outs_pk', ['company_id', 'client_id', 'category']),
      );
      await table('messages', (t) =>
        companyRef(id(t))
          .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('published_at', 'text', (c) => c.notNull()),
      );
      await table('message_reads', (t) =>
        companyRef(id(t))
          .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('read_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('message_reads_once', ['message_id', 'client_id']),
      );
      await table('agreements', (t) =>
        companyRef(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('requires_signature', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
      );
      await table('agreement_signatures', (t) =>
        companyRef(id(t))
          .addColumn('agreement_id', 'integer', (c) => c.notNull().references('agreements.id').onDelete('cascade'))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('signature', 'text')
          .addColumn('signed_at', 'text', (c) => c.notNull()),
      );
      await table('sign_in_actions', (t) =>
        companyRef(id(t))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('agreement_id', 'integer', (c) => c.references('agreements.id').onDelete('cascade'))
          .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('completed_at', 'text'),
      );
      await table('password_reset_tokens', (t) =>
        companyRef(id(t))
          .addColumn('login_id', 'integer', (c) => c.notNull().references('logins.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text'),
      );
      await table('email_codes', (t) =>
        companyRef(id(t))
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text'),
      );
      await table('outbox', (t) =>
        id(t)
          .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
          .addColumn('to_address', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('html_body', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('error', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text'),
      );
      await table('barcodes', (t) =>
        companyRef(id(t))
          .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('label', 'text', (c) => c.notNull()),
      );

      const index = (name: string, tableName: string, columns: string[]) =>
        db.schema.createIndex(name).on(tableName).columns(columns).execute();
      await index('list_items_company', 'list_items', ['company_id', 'list_name']);
      await index('logins_email', 'logins', ['email']);
      await index('clients_login', 'clients', ['company_id', 'login_id']);
      await index('sessions_expiry', 'sessions', ['expires_at']);
      await index('students_client', 'students', ['company_id', 'client_id']);
      await index('class_sessions_class_date', 'class_sessions', ['company_id', 'class_id', 'date']);
      await index('enrolments_student', 'enrolments', ['company_id', 'student_id']);
      await index('invoices_client', 'invoices', ['company_id', 'client_id', 'status']);
      await index('notification_contacts_client', 'notification_contacts', ['company_id', 'client_id', 'created_at']);
      await index('messages_company', 'messages', ['company_id', 'published_at']);
      await index('message_reads_client', 'message_reads', ['company_id', 'client_id']);
      await index('sign_in_actions_client', 'sign_in_actions', ['company_id', 'client_id', 'completed_at']);
      await index('barcodes_client', 'barcodes', ['company_id', 'client_id']);
    },
  };
}
