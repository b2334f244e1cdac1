import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CompanyConfig, ListItem } from '@portal/shared/company-config';
import { formPayload } from '@portal/shared/form-engine/form-schema';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { isRecordChanged } from '@/lib/record-changed';
import { ifMatchVersion } from '@portal/shared/api-schemas';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';
import { getStudentQueryOptions, studentsKey } from './get-student';

/**
 * R34 (E8): the form's parsed values under the record's field names, empty ones as "", with the
 * version of the record the form was filled from (decision 145): refused if it has moved on since.
 */
export function updateStudent(id: number, form: FormOutput<'student'> | Record<string, unknown>, version?: number): Promise<UpdateStudentAnswer> {
  return call(studentEndpoints.update, { params: { id }, body: formPayload(form), ...(version === undefined ? {} : { headers: ifMatchVersion(version) }) });
}

/** What a save of a student form sends: its values, and the version of the record they were filled from. */
export type StudentSave = { form: FormOutput<'student'> | Record<string, unknown>; version?: number | undefined };

/** E9: the company's medical-condition list with the condition the save added, once. */
function withCondition(config: CompanyConfig | undefined, item: ListItem): CompanyConfig | undefined {
  if (!config || config.lists.medical_conditions.some((c) => c.FieldValueID === item.FieldValueID)) return config;
  return { ...config, lists: { ...config.lists, medical_conditions: [...config.lists.medical_conditions, item] } };
}

/** E9, L7: a condition typed in a student's save (an add or an update) is offered by the form from now on (the config is cached for good). */
export function offerAddedCondition(queryClient: QueryClient, added: ListItem | undefined): void {
  if (added) queryClient.setQueryData(companyConfigQueryOptions.queryKey, (config) => withCondition(config, added));
}

export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, version }: StudentSave) => updateStudent(id, form, version),
    // Changed elsewhere: the record is read again, so the page shows the version a save may replace.
    onError: (error) => (isRecordChanged(error) ? queryClient.invalidateQueries({ queryKey: getStudentQueryOptions(id).queryKey }) : undefined),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(id).queryKey, answer.updatedStudent);
      offerAddedCondition(queryClient, answer.newMedicalCondition);
      // E9: the form fields are asked for again after a save.
      await Promise.all([queryClient.invalidateQueries({ queryKey: studentsKey }), queryClient.invalidateQueries({ queryKey: formFieldsQueryOptions('student').queryKey })]);
    },
  });
}
