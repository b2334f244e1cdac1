import { describe, expect, it } from 'vitest';
import { firstFile, multipartBoundary } from './multipart.ts';
import { parseStudentPictureUrl, studentPictureUrl } from './student-picture-url.ts';

describe('multipart reading', () => {
  const body = (boundary: string, parts: string[]) => Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');

  it('finds the boundary of a multipart content type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryA1b2')).toBe('----WebKitFormBoundaryA1b2');
    expect(multipartBoundary('multipart/form-data; boundary="quoted b"')).toBe('quoted b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });

  it('answers the first part with a file name, byte for byte, after other fields', () => {
    const data = '\xff\xd8\xff\r\n--not-the-boundary\r\n\x00end';
    const found = firstFile(
      body('b1', ['Content-Disposition: form-data; name="note"\r\n\r\nhello', `Content-Disposition: form-data; name="file"; filename="compressed_image.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${data}`]),
      'b1',
    );
    expect(found).toMatchObject({ field: 'file', filename: 'compressed_image.jpg', contentType: 'image/jpeg' });
    expect(found!.data.equals(Buffer.from(data, 'latin1'))).toBe(true);
  });

  it('answers null for a body without a file or cut short', () => {
    expect(firstFile(body('b', ['Content-Disposition: form-data; name="x"\r\n\r\n1']), 'b')).toBeNull();
    expect(firstFile(Buffer.from('--b\r\nContent-Disposition: form-data; name="f"; filename="a.jpg"\r\n\r\nabc'), 'b')).toBeNull();
    expect(firstFile(Buffer.from('nothing here'), 'b')).toBeNull();
  });
});

describe('student picture URLs', () => {
  it('reads back only URLs of our own form', () => {
    expect(parseStudentPictureUrl(studentPictureUrl(42, 'AbC_12-x'))).toEqual({ studentId: 42, version: 'AbC_12-x' });
    expect(parseStudentPictureUrl('/api/student/picture/42')).toEqual({ studentId: 42, version: null });
    for (const url of ['http://evil.example/api/student/picture/42', '//evil.example/x', '/api/student/picture/42/../1', '/api/student/picture/0', '/api/student/picture/99999999999', '/api/student/picture/4?v=a&x=1']) {
      expect(parseStudentPictureUrl(url), url).toBeNull();
    }
  });
});
