import { describe, expect, it } from 'vitest';
import { parseStudentPictureUrl, studentPictureUrl } from './student-picture-url.ts';

describe('student picture URLs', () => {
  it('reads back only URLs of our own form', () => {
    expect(parseStudentPictureUrl(studentPictureUrl(42, 'AbC_12-x'))).toEqual({ studentId: 42, version: 'AbC_12-x' });
    expect(parseStudentPictureUrl('/api/student/picture/42')).toEqual({ studentId: 42, version: null });
    for (const url of [
      'http://evil.example/api/student/picture/42',
      '//evil.example/x',
      '/api/student/picture/42/../1',
      '/api/student/picture/0',
      '/api/student/picture/99999999999',
      '/api/student/picture/4?v=a&x=1',
    ]) {
      expect(parseStudentPictureUrl(url), url).toBeNull();
    }
  });
});
