import { Button } from '@/components/ui/button';

/** D15: shown while another page exists; the list appends the next page. */
export function LoadMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <div className="mt-5 flex justify-center">
      <Button variant="secondary" loading={loading} onClick={onClick} className="min-w-40">
        Load more
      </Button>
    </div>
  );
}
