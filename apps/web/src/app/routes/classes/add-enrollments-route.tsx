import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ClassSummary } from '@portal/shared/class-schemas';
import { ClassSearch } from '@/components/classes/class-search';
import { SelectField } from '@/components/forms/select-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { ApiRequestError } from '@/lib/api-client';
import { SearchXIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { studentTerm } from '@/lib/branding';
import { useClassFields } from '@/entities/classes/get-class-fields';
import { useOcrProfile } from '@/entities/classes/get-ocr-profile';
import { useConfig } from '@/entities/company/get-company-config';
import { enrolledText, namesAre, useClassStudents } from '@/entities/classes/get-class-students';
import { onWaitlistText, useWaitlist, waitingIn } from '@/entities/classes/get-waitlist';
import { AddToCartModal } from '@/features/classes/components/add-to-cart-modal';
import { useCartHolds } from '@/features/checkout/api/cart-holds';
import { useCartStore } from '@/lib/cart-store';

/** /hub/classes/add-enrollments/{ocrProfileId} (F9–F13): find a class and add it to the cart. */
export default function AddEnrollmentsRoute() {
  const param = Number(useParams().ocrProfileId);
  // A link that names no programme, or one the company no longer offers (404), is one screen saying so.
  const profileId = Number.isInteger(param) && param > 0 ? param : null;
  const config = useConfig();
  const profile = useOcrProfile(profileId);
  const fields = useClassFields(profileId);
  const students = useClassStudents();
  const [studentId, setStudentId] = useState<number | null>(null);
  /** The class picked for the dialog; `only` where the place is one child's (held for them, or offered from the waitlist) for the term. */
  const [chosen, setChosen] = useState<{ cls: ClassSummary; studentId: number | null; only?: boolean } | null>(null);
  const waitlist = useWaitlist();
  // A full class whose freed place is offered to one of the family's children (the child chosen above first): that place is theirs to add.
  const offerIn = (c: ClassSummary) => {
    if (!c.IsFull) return null;
    const offers = waitlist.data?.entries.filter((e) => e.Status === 'offered' && e.ClassID === c.ClassID) ?? [];
    return offers.find((e) => e.StudentID === studentId) ?? offers[0] ?? null;
  };

  // A full class whose term place this family holds (its own hold makes it full), from this cart or on its other device
  // (decision 137): that place is the family's, paid at the checkout. The picked child's first.
  const cartClasses = useCartStore((s) => s.classItems);
  const holds = useCartHolds(true);
  const heldForFamily = (c: ClassSummary) => {
    if (!c.IsFull) return null;
    const mine = (holds.data?.classes ?? []).filter((h) => h.ClassID === c.ClassID && !h.casual && Date.parse(h.heldUntil) > Date.now());
    const held = mine.find((h) => h.StudentID === studentId) ?? mine[0] ?? null;
    return held && { ...held, inCart: cartClasses.some((i) => i.ClassID === held.ClassID && i.StudentID === held.StudentID && !i.casual) };
  };
  // The family's children (the one chosen above, if any): already in the class, or already waiting for it when it is full, there is no step on.
  const family = students.data?.students ?? [];
  const asked = studentId !== null ? family.filter((s) => s.StudentID === studentId) : family;
  const waitingFor = (c: ClassSummary) => onWaitlistText(waitlist.data?.entries, c.ClassID, asked);
  // Each child asked about already has the class's term place in this cart: adding it again would be refused in the dialog.
  const inCartText = (classId: number) => {
    const carted = asked.filter((s) => cartClasses.some((i) => i.ClassID === classId && i.StudentID === s.StudentID && !i.casual));
    if (asked.length === 0 || carted.length < asked.length) return null;
    return namesAre(carted, 'in your cart');
  };
  const nameOf = (id: number | undefined) => {
    const s = students.data?.students.find((x) => x.StudentID === id);
    return s ? `${s.FirstName} ${s.LastName}` : null;
  };

  const student = students.data?.students.find((s) => s.StudentID === studentId) ?? null;
  const term = studentTerm(config);
  const title = profile.data?.DisplayName ?? 'Add Enrollments';
  if (profileId === null || (profile.error instanceof ApiRequestError && profile.error.status === 404)) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <PageHeader title="Add Enrollments" />
        <EmptyState icon={<SearchXIcon className="size-6" />} text="These classes are not open for enrollment. Choose from what is open now.">
          <Link to={paths.classes} className={buttonClasses('primary', 'sm')}>
            Go to Classes
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={title} description={profile.data?.RegistrationText || 'Choose filters to find a class, then add it to your cart.'} />
      <ClassSearch
        profileId={profileId}
        age={student?.Age ?? null}
        leadingFilter={
          <SelectField
            label={term}
            placeholder={`Any ${term.toLowerCase()}`}
            value={studentId ?? ''}
            onChange={(e) => setStudentId(e.target.value ? Number(e.target.value) : null)}
            options={(students.data?.students ?? []).map((s) => ({ value: s.StudentID, label: `${s.FirstName} ${s.LastName}${s.Age != null ? ` (${s.Age})` : ''}` }))}
          />
        }
        heldFor={(c) => offerIn(c)?.StudentName ?? nameOf(heldForFamily(c)?.StudentID) ?? null}
        action={(c) => {
          const offered = offerIn(c);
          const held = offered === null ? heldForFamily(c) : null;
          if (held && (studentId === null || studentId === held.StudentID)) {
            // Held from the other device: added here, it is the same place (the hold takes it as the family's).
            return held.inCart ? (
              <Link to={paths.checkout} className={buttonClasses('primary', 'sm')}>
                Go to checkout
                <span className="sr-only">: {c.Name}</span>
              </Link>
            ) : (
              <Button size="sm" onClick={() => setChosen({ cls: { ...c, IsFull: false }, studentId: held.StudentID, only: true })}>
                Add to cart
              </Button>
            );
          }
          const enrolled = enrolledText(c.ClassID, asked);
          if (enrolled) return <span className="text-sm font-medium text-ink-soft">{enrolled}</span>;
          const carted = inCartText(c.ClassID);
          if (carted)
            return (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="text-sm font-medium text-ink-soft">{carted}</span>
                <Link to={paths.checkout} className={buttonClasses('secondary', 'sm')}>
                  Go to checkout
                  <span className="sr-only">: {c.Name}</span>
                </Link>
              </span>
            );
          const full = c.IsFull && offered === null;
          const waiting = full ? waitingFor(c) : null;
          if (waiting) return <span className="text-sm font-medium text-ink-soft">{waiting}</span>;
          return (
            <Button
              size="sm"
              variant={full ? 'secondary' : 'primary'}
              onClick={() => setChosen(offered === null ? { cls: c, studentId } : { cls: { ...c, IsFull: false }, studentId: offered.StudentID, only: true })}
            >
              {full ? 'Join waitlist' : 'Add to cart'}
            </Button>
          );
        }}
      />
      <p className="mt-8 text-sm">
        <Link className="text-primary-ink underline-offset-4 hover:underline" to={paths.classes}>
          Back to Classes
        </Link>
      </p>
      {chosen ? (
        <AddToCartModal
          cls={chosen.cls}
          ocrProfileId={profileId}
          // The place held or offered is the child's for the term: no other child, no single session (the class is full for them).
          allowCasual={!chosen.only && (fields.data?.AllowCasualEnrolments ?? false)}
          students={(students.data?.students ?? []).filter((s) => !chosen.only || s.StudentID === chosen.studentId)}
          initialStudentId={chosen.studentId}
          waitingIds={waitingIn(waitlist.data?.entries, chosen.cls.ClassID)}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </div>
  );
}
