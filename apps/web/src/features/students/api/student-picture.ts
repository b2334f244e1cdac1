import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PICTURE_FILE_NAME, PICTURE_MAX_BYTES, PICTURE_MAX_SIDE, type PictureAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { getStudentQueryOptions, studentsKey } from '@/entities/students/get-student';

/** T8, E24: at most 0.2 MB and 220 px a side, as a JPEG named compressed_image.jpg. */
export async function compressPicture(file: File): Promise<File> {
  // Loaded when a picture is chosen: the pages that only show pictures do not download it.
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxSizeMB: PICTURE_MAX_BYTES / 1_048_576,
    maxWidthOrHeight: PICTURE_MAX_SIDE,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
    // Its worker would load the library again from a CDN: the page's own copy does the work instead.
    useWebWorker: false,
  });
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
