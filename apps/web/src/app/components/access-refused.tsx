import { LockKeyholeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button';
import { NoticePage } from '@/components/ui/notice-page';

/** A page beyond the signed-in guardian's family access (decision 101), said in place of what its calls would be refused. */
export default function AccessRefused() {
  return (
    <NoticePage
      icon={<LockKeyholeIcon className="size-8" />}
      title="Not part of your family access"
      actions={
        <Link to={paths.company} className={buttonClasses('primary', 'lg')}>
          Go to Home
        </Link>
      }
    >
      <p>{ERROR_MESSAGES.ROLE_FORBIDDEN}</p>
    </NoticePage>
  );
}
