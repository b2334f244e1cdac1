import { initials } from '@/lib/initials';

/** The student's photo when one was uploaded, else their initials on a brand tint. */
export function StudentAvatar({ name, picture }: { name: string; picture: string | null }) {
  if (picture) {
    return <img src={picture} alt="" className="size-9 shrink-0 rounded-full object-cover ring-2 ring-surface" />;
  }
  return (
    <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-tint-strong text-xs font-semibold text-primary-tint-ink">
      {initials(name)}
    </span>
  );
}
