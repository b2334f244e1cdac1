import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button';

/** Unknown addresses (B18, U17: the wording is ours). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md text-center">
        <p className="text-6xl font-extrabold tracking-tight text-primary-ink">404</p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink">Page not found</h1>
        <p className="mt-2 text-muted">The page you were looking for doesn’t exist or has moved.</p>
        <Link to={paths.company} className={buttonClasses('primary', 'lg', 'mt-8 w-full sm:w-auto')}>
          Go to Home
        </Link>
      </div>
    </main>
  );
}
