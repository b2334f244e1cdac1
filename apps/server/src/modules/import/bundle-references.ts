import type { z } from 'zod';
import { companyTimeZone } from '../../lib/time.ts';
import { checkFinancials } from './bundle-financials.ts';
import { checkPayments } from './bundle-payments.ts';
import { checkStudentDetails } from './bundle-students.ts';
import { isValidTimeZone } from './bundle-dates.ts';
import { checkClientBarcodes } from './bundle-barcodes.ts';
import { checkClientDetails } from './bundle-client-details.ts';
import { BUNDLE_LIST_NAMES, type BundleSections } from './bundle-entities.ts';

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

function issue(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** Records each key once and reports a repeat at the repeat's own path. */
function uniqueKeys(ctx: Ctx, items: { path: Path; value: string }[], what: string): Set<string> {
  const seen = new Set<string>();
  for (const { path, value } of items) {
    if (seen.has(value)) issue(ctx, path, `Duplicate ${what} "${value}"`);
    seen.add(value);
  }
  return seen;
}

/**
 * A list holds an active name once, case aside (decision 131): a second active item named as an
 * earlier one but for case is reported at its own path (one named exactly alike is a duplicate entry already).
 */
function uniqueActiveNames(ctx: Ctx, list: string, items: { name: string; active: boolean }[]): void {
  const seen = new Map<string, string>();
  items.forEach((item, i) => {
    if (!item.active) return;
    const first = seen.get(item.name.toLowerCase());
    if (first === undefined) seen.set(item.name.toLowerCase(), item.name);
    else if (first !== item.name) issue(ctx, ['lists', list, i, 'name'], `Duplicate ${list} entry "${item.name}" (named as "${first}" but for case)`);
  });
}

type CheckStandard = (path: Path, value: string) => void;

/**
 * What the items of a bundle say about each other: keys are unique, every key an item names
 * exists, and each issue is reported at the path of the item that names it.
 */
export function checkBundleReferences(b: BundleSections, ctx: Ctx): void {
  const loc = b.company.config.localization;
  if (!isValidTimeZone(companyTimeZone(loc))) {
    issue(ctx, ['company', 'config', 'localization', 'TimeZoneCity'], `"${loc.TimeZoneRegion}/${loc.TimeZoneCity}" is not a time zone (expected an IANA zone such as Australia/Sydney)`);
  }

  for (const name of BUNDLE_LIST_NAMES) {
    uniqueKeys(
      ctx,
      b.lists[name].map((item, i) => ({ path: ['lists', name, i, 'name'], value: item.name })),
      `${name} entry`,
    );
    uniqueActiveNames(ctx, name, b.lists[name]);
  }
  const standards = new Set(b.lists.standards.map((s) => s.name));
  const checkStandard = (path: Path, value: string) => {
    if (value && standards.size > 0 && !standards.has(value)) issue(ctx, path, `Unknown standard "${value}" (not in lists.standards)`);
  };

  const venues = uniqueKeys(
    ctx,
    b.venues.map((v, i) => ({ path: ['venues', i, 'key'], value: v.key })),
    'venue key',
  );
  const formats = uniqueKeys(
    ctx,
    b.lesson_formats.map((f, i) => ({ path: ['lesson_formats', i, 'key'], value: f.key })),
    'lesson format key',
  );
  const agreements = uniqueKeys(
    ctx,
    b.agreements.map((a, i) => ({ path: ['agreements', i, 'key'], value: a.key })),
    'agreement key',
  );
  checkProfileReferences(ctx, b);
  uniqueKeys(
    ctx,
    b.customers.map((c, i) => ({ path: ['customers', i, 'email'], value: c.email })),
    'customer e-mail',
  );

  const { clients, studentRefs } = checkCustomers(ctx, b, { agreements, checkStandard });
  checkClasses(ctx, b, { venues, formats, studentRefs, checkStandard });
  checkNotices(ctx, b, clients);

  checkFinancials(ctx, b.financials, b.bookings, {
    clients,
    simpleInvoices: new Map(b.customers.flatMap((c) => c.clients.flatMap((cl) => cl.invoices.map((inv) => [inv.invoice_no, { ...inv, client: cl.key }] as const)))),
    config: b.company.config,
  });
  checkPayments(b.payments, new Set(b.customers.flatMap((c) => c.clients.map((cl) => cl.key))), (path, message) => issue(ctx, path, message));
}

/** The registration profiles the classes and agreements name: each one of the company's, each named once. */
function checkProfileReferences(ctx: Ctx, b: BundleSections): void {
  const profileIds = new Set(b.company.config.profiles.map((p) => p.OCRProfileID));
  b.classes.forEach((c, ci) => {
    c.profiles.forEach((id, pi) => {
      const path: Path = ['classes', ci, 'profiles', pi];
      if (!profileIds.has(id)) issue(ctx, path, `Unknown registration profile ${id} (not in company.config.profiles)`);
      if (c.profiles.indexOf(id) !== pi) issue(ctx, path, `Profile ${id} is listed twice`);
    });
  });
  b.agreements.forEach((a, ai) => {
    const listed = new Set<number>();
    a.profiles.forEach((p, pi) => {
      const path: Path = ['agreements', ai, 'profiles', pi, 'id'];
      if (!profileIds.has(p.id)) issue(ctx, path, `Unknown registration profile ${p.id} (not in company.config.profiles)`);
      if (listed.has(p.id)) issue(ctx, path, `Profile ${p.id} is listed twice`);
      listed.add(p.id);
    });
  });
}

/** Client and student keys, and what each client's records name; answers the keys other sections may name. */
function checkCustomers(ctx: Ctx, b: BundleSections, known: { agreements: Set<string>; checkStandard: CheckStandard }): { clients: Set<string>; studentRefs: Map<string, number> } {
  const { agreements, checkStandard } = known;
  const clients = new Set<string>();
  // Student references: "client/student" always; a bare student key only when no other client uses it.
  const studentRefs = new Map<string, number>();
  const invoiceNos = new Set<string>();
  const barcodes = new Set<string>();
  b.customers.forEach((customer, ci) => {
    customer.clients.forEach((client, li) => {
      const base: Path = ['customers', ci, 'clients', li];
      if (clients.has(client.key)) issue(ctx, [...base, 'key'], `Duplicate client key "${client.key}"`);
      clients.add(client.key);
      checkClientDetails(ctx, base, client, b.form_configuration);
      const own = uniqueKeys(
        ctx,
        client.students.map((s, si) => ({ path: [...base, 'students', si, 'key'], value: s.key })),
        'student key',
      );
      for (const s of own) {
        studentRefs.set(`${client.key}/${s}`, 1);
        studentRefs.set(s, (studentRefs.get(s) ?? 0) + 1);
      }
      client.students.forEach((s, si) => checkStandard([...base, 'students', si, 'standard'], s.standard));
      client.students.forEach((s, si) => checkStudentDetails(ctx, [...base, 'students', si], s, b));
      client.invoices.forEach((inv, ii) => {
        const path: Path = [...base, 'invoices', ii];
        if (invoiceNos.has(inv.invoice_no)) issue(ctx, [...path, 'invoice_no'], `Duplicate invoice number "${inv.invoice_no}"`);
        invoiceNos.add(inv.invoice_no);
        if (inv.balance_due_cents > inv.total_cents) issue(ctx, [...path, 'balance_due_cents'], 'Balance due is more than the invoice total');
        if (inv.status === 'Paid' && inv.balance_due_cents !== 0) issue(ctx, [...path, 'balance_due_cents'], 'A Paid invoice has no balance due');
      });
      checkClientBarcodes(ctx, base, { clientKey: client.key, barcodes: client.barcodes, students: own, seen: barcodes });
      client.sign_in_actions.forEach((a, ai) => {
        const path: Path = [...base, 'sign_in_actions', ai];
        if (a.type === 'AcceptAgreement' && !a.agreement) issue(ctx, [...path, 'agreement'], 'AcceptAgreement needs an agreement key');
        if (a.agreement && !agreements.has(a.agreement)) issue(ctx, [...path, 'agreement'], `Unknown agreement "${a.agreement}"`);
        if (a.type === 'UpdateStudent' && !a.student) issue(ctx, [...path, 'student'], 'UpdateStudent needs a student key');
        if (a.student && !own.has(a.student)) issue(ctx, [...path, 'student'], `Unknown student "${a.student}" (not a student of client "${client.key}")`);
      });
      const signedOnce = new Set<string>();
      client.agreements_signed.forEach((s, si) => {
        const path: Path = [...base, 'agreements_signed', si];
        const agreement = b.agreements.find((a) => a.key === s.agreement);
        if (!agreement) issue(ctx, [...path, 'agreement'], `Unknown agreement "${s.agreement}"`);
        else if (s.version !== undefined && s.version > agreement.earlier_versions.length + 1) {
          issue(ctx, [...path, 'version'], `Agreement "${s.agreement}" has ${agreement.earlier_versions.length + 1} version(s)`);
        }
        const id = `${s.agreement}@${s.version ?? 'current'}`;
        if (signedOnce.has(id)) issue(ctx, [...path, 'agreement'], `Agreement "${s.agreement}" is listed twice at the same version`);
        signedOnce.add(id);
      });
    });
  });
  return { clients, studentRefs };
}

function checkClasses(ctx: Ctx, b: BundleSections, known: { venues: Set<string>; formats: Set<string>; studentRefs: Map<string, number>; checkStandard: CheckStandard }): void {
  const { venues, formats, studentRefs, checkStandard } = known;
  uniqueKeys(
    ctx,
    b.classes.map((c, i) => ({ path: ['classes', i, 'key'], value: c.key })),
    'class key',
  );
  b.classes.forEach((cls, ci) => {
    const base: Path = ['classes', ci];
    if (cls.venue && !venues.has(cls.venue)) issue(ctx, [...base, 'venue'], `Unknown venue "${cls.venue}"`);
    if (cls.lesson_format && !formats.has(cls.lesson_format)) issue(ctx, [...base, 'lesson_format'], `Unknown lesson format "${cls.lesson_format}"`);
    if (cls.duration_minutes === undefined && !cls.lesson_format) issue(ctx, [...base, 'duration_minutes'], 'Give duration_minutes or a lesson_format');
    checkStandard([...base, 'standard'], cls.standard);
    if (cls.sessions.dates !== undefined) {
      uniqueKeys(
        ctx,
        cls.sessions.dates.map((d, di) => ({ path: [...base, 'sessions', 'dates', di], value: d })),
        'session date',
      );
    } else {
      const { weeks_before = 0, weeks_after = 0, cancelled_weeks = [] } = cls.sessions;
      cancelled_weeks.forEach((w, wi) => {
        if (w < -weeks_before || w >= weeks_after) {
          issue(ctx, [...base, 'sessions', 'cancelled_weeks', wi], `Week ${w} is outside the sessions (${-weeks_before} to ${weeks_after - 1})`);
        }
      });
    }
    const enrolled = new Set<string>();
    cls.enrolments.forEach((e, ei) => {
      const path: Path = [...base, 'enrolments', ei, 'student'];
      const count = studentRefs.get(e.student);
      if (count === undefined) issue(ctx, path, `Unknown student "${e.student}"`);
      else if (count > 1) issue(ctx, path, `Student key "${e.student}" is used by several clients; write "clientKey/${e.student}"`);
      if (enrolled.has(e.student)) issue(ctx, path, `Student "${e.student}" is enrolled twice in this class`);
      enrolled.add(e.student);
      e.absences.forEach((a, ai) => {
        const target = a.makeup_booked?.class;
        if (target !== undefined && !b.classes.some((c) => c.key === target)) issue(ctx, [...base, 'enrolments', ei, 'absences', ai, 'makeup_booked', 'class'], `Unknown class "${target}"`);
        if (a.makeup_booked && !a.makeup_credit) issue(ctx, [...base, 'enrolments', ei, 'absences', ai, 'makeup_booked'], 'A make-up is booked with a credit: set makeup_credit');
      });
    });
    cls.waitlist.forEach((w, wi) => {
      const count = studentRefs.get(w);
      if (count === undefined) issue(ctx, [...base, 'waitlist', wi], `Unknown student "${w}"`);
      else if (count > 1) issue(ctx, [...base, 'waitlist', wi], `Student key "${w}" is used by several clients; write "clientKey/${w}"`);
    });
  });
}

/** Recipients and readers of notifications and messages are clients of the bundle. */
function checkNotices(ctx: Ctx, b: BundleSections, clients: Set<string>): void {
  const knownClient = (path: Path, value: string) => {
    if (!clients.has(value)) issue(ctx, path, `Unknown client "${value}"`);
  };
  b.notifications.forEach((n, ni) => {
    const base: Path = ['notifications', ni];
    if (n.to !== 'all') n.to.forEach((c, i) => knownClient([...base, 'to', i], c));
    n.read_by.forEach((c, i) => {
      const path = [...base, 'read_by', i];
      if (!clients.has(c)) knownClient(path, c);
      else if (n.to !== 'all' && !n.to.includes(c)) issue(ctx, path, `Client "${c}" is not a recipient of this notification`);
    });
  });
  b.messages.forEach((m, mi) => {
    const base: Path = ['messages', mi];
    if (m.to) knownClient([...base, 'to'], m.to);
    m.read_by.forEach((c, i) => {
      const path = [...base, 'read_by', i];
      if (!clients.has(c)) knownClient(path, c);
      else if (m.to && m.to !== c) issue(ctx, path, `Client "${c}" is not a recipient of this message`);
    });
  });
}
