import { useSearchParams } from 'react-router';
import { JoinFamily } from '@/features/family-access/components/join-family';

/** /join-family?token=T: the link in a family-access invitation (decision 101). */
export default function JoinFamilyRoute() {
  const [params] = useSearchParams();
  return (
    <main className="flex min-h-dvh items-start justify-center bg-canvas px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-ink/5 sm:p-8">
        <JoinFamily token={params.get('token') ?? ''} />
      </div>
    </main>
  );
}
