import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_SIGNATURE_BYTES, imageFormatOf } from '@portal/shared/image-signature';
import { PICTURE_FILE_NAME, PICTURE_MAX_BYTES, PICTURE_MAX_SIDE, studentMessages, type PictureAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { getStudentQueryOptions, studentsKey } from '@/entities/students/get-student';

/**
 * T8, E24: at most 0.2 MB and 220 px a side, as a JPEG named compressed_image.jpg. A file whose
 * bytes are no picture is refused here with words a parent understands, before any upload; one
 * that looks like a picture and cannot be drawn says so too (the library's own errors are not
 * for a parent, and some are not errors at all).
 */
export async function compressPicture(file: File): Promise<File> {
  const format = imageFormatOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer()));
  if (format === null) throw new Error(studentMessages.pictureNotAnImage);
  // Loaded when a picture is chosen: the pages that only show pictures do not download it.
  const { default: imageCompression } = await import('browser-image-compression');
  // Some phones hand over a photo without a type; the library draws only what says it is an image.
  const typed = file.type.startsWith('image/') ? file : new File([file], file.name, { type: `image/${format}` });
  let compressed: Blob;
  try {
    compressed = await imageCompression(typed, {
      maxSizeMB: PICTURE_MAX_BYTES / 1_048_576,
      maxWidthOrHeight: PICTURE_MAX_SIDE,
      fileType: 'image/jpeg',
      initialQuality: 0.85,
      // Its worker would load the library again from a CDN: the page's own copy does the work instead.
      useWebWorker: false,
    });
  } catch {
    throw new Error(studentMessages.pictureUnreadable);
  }
  return new File([compressed], PICTURE_FILE_NAME, { type: 'image/jpeg' });
}

export async function uploadPicture(id: number, file: File): Promise<PictureAnswer> {
  const body = new FormData();
  body.append('file', await compressPicture(file), PICTURE_FILE_NAME);
  return call(studentEndpoints.uploadPicture, { params: { id }, form: body });
}

export function deletePicture(id: number): Promise<{ success: true }> {
  return call(studentEndpoints.deletePicture, { params: { id } });
}

function usePictureMutation<V>(id: number, call: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: getStudentQueryOptions(id).queryKey }), queryClient.invalidateQueries({ queryKey: studentsKey })]),
  });
}

export function useUploadPicture(id: number) {
  return usePictureMutation(id, (file: File) => uploadPicture(id, file));
}

export function useDeletePicture(id: number) {
  return usePictureMutation(id, () => deletePicture(id));
}

/** E26: a stored picture, through get-image. Its URL carries its version, so the answer is kept for good. */
export function getImageQueryOptions(url: string | null) {
  return queryOptions({
    queryKey: ['student-image', url],
    queryFn: () => call(studentEndpoints.image, { body: { url: url ?? '' } }),
    enabled: url !== null,
    staleTime: Infinity,
  });
}

export function useStudentImage(url: string | null) {
  return useQuery(getImageQueryOptions(url));
}
