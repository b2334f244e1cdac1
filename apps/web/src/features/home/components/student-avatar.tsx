function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

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
