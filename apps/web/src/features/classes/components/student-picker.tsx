import { SelectField } from '@/components/forms/select-field';
import { useConfig } from '@/entities/company/get-company-config';
import { studentTerm } from '@/lib/branding';
import type { ClassStudentsAnswer } from '@portal/shared/class-schemas';

/** Which of the family's students a classes page is about. */
export function StudentPicker({ students, value, onChange }: { students: ClassStudentsAnswer['students']; value: number | null; onChange: (id: number) => void }) {
  const config = useConfig();
  return (
    <SelectField
      className="max-w-xs"
      label={studentTerm(config)}
      placeholder={null}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      options={students.map((s) => ({ value: s.StudentID, label: `${s.FirstName} ${s.LastName}` }))}
    />
  );
}
