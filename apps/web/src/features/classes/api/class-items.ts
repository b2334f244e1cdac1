import { useMutation } from '@tanstack/react-query';
import type { ClassItemAnswer, ClassItemInput } from '@portal/shared/class-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

/** The server checks the class for the student (places, casual, already enrolled) and prices it. */
export function validateClassItem(body: ClassItemInput & { ocr_profile_id?: number }): Promise<ClassItemAnswer> {
  return call(classEndpoints.validateItem, { body });
}

export function useValidateClassItem() {
  return useMutation({ mutationFn: validateClassItem });
}
