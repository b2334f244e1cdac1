// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { studentMessages } from '@portal/shared/student-schemas';
import { server, installMockServer } from '@/test/msw';
import { StudentPictureControls } from './student-picture';

installMockServer();
afterEach(cleanup);

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';

function choose(file: File) {
  const uploads: unknown[] = [];
  server.use(
    http.post('/api/student/update-profile-picture/7', () => {
      uploads.push(true);
      return HttpResponse.json({ success: true, profile_picture: '/x' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StudentPictureControls studentId={7} hasPicture={false} name="Sam" />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByTestId('student-picture-input'), { target: { files: [file] } });
  return uploads;
}

describe('StudentPictureControls: a file that is not a picture says so (issue item 14)', () => {
  it('a PDF chosen as a picture', async () => {
    const uploads = choose(new File([PDF], 'report.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(studentMessages.pictureNotAnImage)).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('a PDF renamed .jpg, which the browser calls a JPEG', async () => {
    const uploads = choose(new File([PDF], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(studentMessages.pictureNotAnImage)).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    expect(uploads).toHaveLength(0);
  });
});

describe('StudentPictureControls: what it says of a change', () => {
  it('"Picture removed" goes after 6 s, as every form’s status does (K24, T20)', async () => {
    server.use(http.delete('/api/student/delete-profile-picture/7', () => HttpResponse.json({ success: true })));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <StudentPictureControls studentId={7} hasPicture name="Sam" />
        </QueryClientProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(studentMessages.pictureDeleted)).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(5_900);
      });
      expect(screen.getByText(studentMessages.pictureDeleted)).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByText(studentMessages.pictureDeleted)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
