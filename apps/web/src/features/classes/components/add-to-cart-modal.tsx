import { useState } from 'react';
import { Link } from 'react-router';
import { agesText, outsideAges, type ClassStudentsAnswer, type ClassSummary, type WaitlistEntry } from '@portal/shared/class-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { MessageModal } from '@/components/ui/message-modal';
import { SelectField } from '@/components/forms/select-field';
import { paths } from '@/config/paths';
import { useCartStore } from '@/lib/cart-store';
import { useSessionStore } from '@/lib/session-store';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { EnrolmentKindFields } from '@/components/classes/enrolment-kind-fields';
import { studentTerm } from '@/lib/branding';
import { useStudentsEnrolledInClass } from '@/entities/classes/students-enrolled';
import { useValidateClassItem } from '../api/class-items';
import { useJoinWaitlist } from '@/entities/classes/join-waitlist';
import { classPlace } from '@/lib/class-format';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { sameCartPlace } from '@portal/shared/payment-schemas';
import { BackCloses } from '@/components/ui/back-closes';

/** The add-to-cart modal (F11–F13): a student, ongoing or casual, checked by the server; a full class offers the waitlist. The phone's Back closes it. */
export function AddToCartModal(props: Parameters<typeof AddToCart>[0]) {
  return (
    <>
      <BackCloses onClose={props.onClose} />
      <AddToCart {...props} />
    </>
  );
}

function AddToCart({
  cls,
  ocrProfileId,
  allowCasual,
  students,
  initialStudentId,
  waitingIds = [],
  onClose,
}: {
  cls: ClassSummary;
  ocrProfileId: number;
  allowCasual: boolean;
  students: ClassStudentsAnswer['students'];
  initialStudentId: number | null;
  /** The children already waiting for the class: a full class cannot be joined by them again. */
  waitingIds?: readonly number[];
  onClose: () => void;
}) {
  const config = useConfig();
  const clientId = useSessionStore((s) => s.user?.ClientID ?? null);
  const cart = useCartStore();
  const [picked, setStudentId] = useState<number | null>(initialStudentId);
  const [casual, setCasual] = useState(false);
  const [date, setDate] = useState(cls.dates[0] ?? '');
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [done, setDone] = useState<'cart' | 'waitlist' | null>(null);
  // The place the family's waitlist answered for the child just put on it: who, and at which position.
  const [waiting, setWaiting] = useState<WaitlistEntry | null>(null);
  const validate = useValidateClassItem();
  const join = useJoinWaitlist();
  const validateOnce = useOneAtATime(validate);
  const joinOnce = useOneAtATime(join);
  const enrolled = useStudentsEnrolledInClass(clientId, cls.ClassID);
  const term = studentTerm(config);
  const enrolledIds = new Set(enrolled.data?.students.map((s) => s.StudentID));
  const inCartFor = (id: number) => cart.classItems.some((i) => i.ClassID === cls.ClassID && i.StudentID === id);
  // A child already in the class (or, for a full one, on its waitlist), or outside its ages, cannot take it: the one picked stands only while it can, else the first who can (one not yet in the cart for it first).
  const ageOf = (id: number) => students.find((s) => s.StudentID === id)?.Age;
  const barred = (id: number) =>
    enrolledIds.has(id)
      ? 'already enrolled'
      : cls.IsFull && waitingIds.includes(id)
        ? 'on the waitlist'
        : outsideAges(ageOf(id), cls.MinAge, cls.MaxAge)
          ? `${agesText(cls.MinAge, cls.MaxAge)} only`
          : null;
  const allOutsideAges = students.every((s) => outsideAges(s.Age, cls.MinAge, cls.MaxAge));
  const able = students.filter((s) => barred(s.StudentID) === null);
  const studentId = picked !== null && barred(picked) === null ? picked : ((able.find((s) => !inCartFor(s.StudentID)) ?? able[0])?.StudentID ?? null);
  // The child's places of this class already in the cart: the term, or sessions (a second session of a holiday class is a place of its own).
  const cartPlaces = cart.classItems.filter((i) => i.ClassID === cls.ClassID && i.StudentID === studentId);
  const takenDates = cartPlaces.flatMap((i) => (i.casual ? i.dates : []));
  const day = takenDates.includes(date) ? (cls.dates.find((d) => !takenDates.includes(d)) ?? date) : date;
  const inCart = studentId !== null && cart.classItems.some((i) => sameCartPlace(i, { ClassID: cls.ClassID, StudentID: studentId, casual, dates: casual ? [day] : [] }));
  const noneCan = studentId === null && students.length > 0;
  const allEnrolled = students.every((s) => enrolledIds.has(s.StudentID));
  // The child picked on the class list cannot take it and another is chosen in its place: say so, rather than switch children unseen.
  const pickedBarred = picked !== null && picked !== studentId ? barred(picked) : null;
  const pickedChild = students.find((s) => s.StudentID === picked);
  const pickedName = pickedChild ? `${pickedChild.FirstName} ${pickedChild.LastName}` : '';
  const chosen = students.find((s) => s.StudentID === studentId);
  const inCartHint = !inCart
    ? undefined
    : cartPlaces.some((i) => !i.casual)
      ? 'Already in your cart.'
      : casual
        ? 'Every session of this class is already in your cart.'
        : `${takenDates.length === 1 ? 'A single session of this class is' : `${takenDates.length} sessions of this class are`} in your cart for ${chosen?.FirstName ?? ''} ${chosen?.LastName ?? ''}: remove ${takenDates.length === 1 ? 'it' : 'them'} from your cart to enrol for the term.`;
  const setAside =
    pickedBarred === null || !pickedChild
      ? undefined
      : pickedBarred === 'already enrolled'
        ? `${pickedName} is already enrolled in this class.`
        : pickedBarred === 'on the waitlist'
          ? `${pickedName} is already on the waitlist for this class.`
          : `${pickedName} cannot take this class: it is for ${agesText(cls.MinAge, cls.MaxAge)}.`;

  function add() {
    if (studentId === null) return;
    validateOnce(
      { class_id: cls.ClassID, student_id: studentId, kind: casual ? 'casual' : 'ongoing', dates: casual ? [day] : [], ocr_profile_id: ocrProfileId },
      {
        onSuccess: () => {
          cart.setOcrProfileId(ocrProfileId);
          const who = students.find((s) => s.StudentID === studentId);
          const label = `${cls.Name}${who ? ` – ${who.FirstName} ${who.LastName}` : ''}${casual ? ` (${formatDate(day, config.localization.DateFormat)})` : ''}`;
          // The cart as it is now, not as this dialog last drew it.
          cart.setClassItems([...useCartStore.getState().classItems, { ClassID: cls.ClassID, StudentID: studentId, dates: casual ? [day] : [], casual, label }]);
          setDone('cart');
        },
        onError: (e) => setError({ title: 'Could not add to cart', message: errorMessage(e) }),
      },
    );
  }

  function joinWaitlist() {
    if (studentId === null) return;
    joinOnce(
      { class_id: cls.ClassID, student_id: studentId },
      {
        onSuccess: (answer) => {
          setWaiting(answer.entries.find((e) => e.ClassID === cls.ClassID && e.StudentID === studentId) ?? null);
          setDone('waitlist');
        },
        onError: (e) => setError({ title: 'Could not join the waitlist', message: errorMessage(e) }),
      },
    );
  }

  return (
    <>
      {/* Closed, not removed, when it hands over to its "Added" message: the focus then goes back to the button that opened it. */}
      <Modal
        open={done === null}
        onOpenChange={(o) => (o ? undefined : onClose())}
        title={cls.IsFull ? 'Join waitlist' : 'Add to cart'}
        description={`${cls.Name} · ${classPlace(cls, config.classes_setup?.TimeDisplay, config.localization.DateFormat)}`}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            {cls.IsFull ? (
              <Button loading={join.isPending} disabled={studentId === null} onClick={joinWaitlist}>
                Join waitlist
              </Button>
            ) : (
              <Button loading={validate.isPending} disabled={studentId === null || inCart || (casual && !day)} onClick={add}>
                Add to cart
              </Button>
            )}
          </div>
        }
      >
        <div className="flex flex-col gap-4">
          {students.length === 0 ? (
            <p className="text-sm text-ink-soft">Add a {term.toLowerCase()} to your account first.</p>
          ) : (
            <SelectField
              label={term}
              placeholder={studentId === null ? '' : null}
              value={studentId ?? ''}
              onChange={(e) => setStudentId(Number(e.target.value))}
              options={students.map((s) => {
                const why = barred(s.StudentID);
                return { value: s.StudentID, label: `${s.FirstName} ${s.LastName}${why ? ` (${why})` : ''}`, disabled: why !== null };
              })}
              hint={
                noneCan
                  ? allOutsideAges
                    ? `This class is for ${agesText(cls.MinAge, cls.MaxAge)}.`
                    : students.some((s) => outsideAges(s.Age, cls.MinAge, cls.MaxAge))
                      ? `None of your ${term.toLowerCase()}s can take this class.`
                      : `Every ${term.toLowerCase()} is already ${allEnrolled ? 'enrolled in this class' : 'enrolled in this class or on its waitlist'}.`
                  : (setAside ?? inCartHint)
              }
            />
          )}
          {cls.IsFull ? (
            <p className="text-sm text-ink-soft">This class is full. Join the waitlist and we will offer you the next free place.</p>
          ) : (
            <EnrolmentKindFields cls={cls} allowCasual={allowCasual} casual={casual} date={day} takenDates={takenDates} onCasualChange={setCasual} onDateChange={setDate} />
          )}
        </div>
      </Modal>
      <MessageModal
        open={done !== null}
        tone="success"
        title={done === 'waitlist' ? 'Added to the waitlist' : 'Added to cart'}
        message={
          done === 'waitlist' ? (
            <>
              {waiting ? `${waiting.StudentName} is number ${waiting.Position} on the waitlist for ${cls.Name}. ` : null}
              We will let you know by notification and e-mail as soon as a place is free. Your place in the queue is under{' '}
              <Link to={paths.classes} className="font-semibold text-primary-ink underline">
                Classes
              </Link>
              , where you can also leave it.
            </>
          ) : (
            `${cls.Name} is in your cart.`
          )
        }
        next={
          done === 'waitlist' ? null : (
            <Link to={paths.checkout} className={buttonClasses('primary', 'md', 'w-full')}>
              Go to checkout
            </Link>
          )
        }
        onClose={onClose}
      />
      {/* The cart-error modal (B29, F11). */}
      <MessageModal open={error !== null} tone="error" title={error?.title ?? ''} message={error?.message ?? null} onClose={() => setError(null)} />
    </>
  );
}
