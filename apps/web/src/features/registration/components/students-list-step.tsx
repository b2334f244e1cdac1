import { useState } from 'react';
import { PencilIcon, PlusIcon, Trash2Icon, UserRoundIcon } from 'lucide-react';
import type { FormValues } from '@portal/shared/form-engine';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { StepCard, type StepCardProps } from './step-card';

/** The spec's confirmation, in its words (N16). */
export const REMOVE_STUDENT_QUESTION = 'Are you sure you want to remove this student?';

function nameOf(values: FormValues): string {
  return [values.FirstName, values.LastName].map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean).join(' ');
}

/** N11, N14, N16: the students added so far, each editable and removable, and Next to the customer form. */
export function StudentsListStep({
  students,
  studentTerm,
  step,
  onAdd,
  onEdit,
  onRemove,
  onNext,
  onBack,
}: {
  students: readonly FormValues[];
  studentTerm: string;
  step: StepCardProps['step'];
  onAdd: () => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const [removing, setRemoving] = useState<number | null>(null);
  const labelOf = (student: FormValues, i: number) => nameOf(student) || `${studentTerm} ${i + 1}`;
  return (
    <StepCard
      title={`${studentTerm}s`}
      description={`Add everyone taking part. You can add up to 10 ${studentTerm.toLowerCase()}s.`}
      step={step}
      onBack={onBack}
      action={
        <Button size="lg" onClick={onNext} disabled={students.length === 0} className="sm:min-w-36">
          Next
        </Button>
      }
    >
      <ul className="flex flex-col gap-3">
        {students.map((student, i) => (
          <li key={i} className="flex flex-col gap-2 rounded-xl border border-line px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex min-w-0 flex-1 items-center gap-3">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
                <UserRoundIcon className="size-4.5" />
              </span>
              <span className="min-w-0 flex-1 font-semibold text-ink wrap-anywhere">{labelOf(student, i)}</span>
            </span>
            <span className="ml-9 flex gap-1 sm:ml-0">
              <Button variant="ghost" size="sm" onClick={() => onEdit(i)} icon={<PencilIcon aria-hidden="true" className="size-4" />} aria-label={`Edit ${labelOf(student, i)}`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(i)} icon={<Trash2Icon aria-hidden="true" className="size-4" />} aria-label={`Remove ${labelOf(student, i)}`}>
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {students.length < 10 ? (
        <Button variant="secondary" onClick={onAdd} icon={<PlusIcon aria-hidden="true" className="size-4" />} className="mt-4">
          {students.length === 0 ? `Add a ${studentTerm.toLowerCase()}` : `Add another ${studentTerm.toLowerCase()}`}
        </Button>
      ) : null}
      <Modal
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={REMOVE_STUDENT_QUESTION}
        size="sm"
        footer={
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing !== null) onRemove(removing);
                setRemoving(null);
              }}
            >
              Remove
            </Button>
          </div>
        }
      />
    </StepCard>
  );
}
