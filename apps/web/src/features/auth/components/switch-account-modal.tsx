import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/entities/customer/identity';
import { errorMessage } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { sessionAccountsQueryOptions, switchAccount } from '../api/switch-account';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { ChoiceListModal } from './choice-list-modal';

/**
 * "Switch account" (account menu): the other accounts the signed-in address opens at the company,
 * its own families and those it helps with as a guardian. One tap signs in to it, as the sign-in's
 * "Select Account" would, without the password again; its home (or its steps after sign-in) opens.
 */
export function SwitchAccountModal() {
  const open = useUiStore((s) => s.modal === 'switch-account');
  const closeModal = useUiStore((s) => s.closeModal);
  const user = useCurrentUser();
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  const accounts = useQuery({ ...sessionAccountsQueryOptions, enabled: open && user !== null });
  const others = (accounts.data ?? []).filter((a) => a.ClientID !== user?.ClientID);

  return (
    <ChoiceListModal
      open={open && user !== null}
      title="Switch account"
      description={`${openNow(
        user,
        accounts.data?.find((a) => a.ClientID === user?.ClientID),
      )} Your e-mail address also opens:`}
      loading={accounts.isPending}
      loadError={accounts.isLoadingError ? errorMessage(accounts.error) : null}
      busyLabel="Switching account"
      choices={others.map((a) => ({ key: a.ClientID, title: `${a.FirstName} ${a.LastName}`.trim(), subtitle: a.Role ? `Family access as a ${a.Role}` : 'Your own account' }))}
      onChoose={async (clientId) => {
        const answer = await switchAccount(clientId);
        closeModal();
        finish(answer);
        // Another account's pages: its home, unless its steps after sign-in come first (finish goes there).
        if (answer.actions.length === 0) void navigate(paths.company, { replace: true });
      }}
      onCancel={closeModal}
    />
  );
}

/** Which account is open now, by its family's name (a guardian's own name is not the family's), and the role in it. */
function openNow(user: ReturnType<typeof useCurrentUser>, current: { FirstName: string; LastName: string; Role?: string | null } | undefined): string {
  const named = current ?? (user?.Role && user.Role !== 'holder' ? undefined : user);
  const name = named ? `${named.FirstName} ${named.LastName}`.trim() : '';
  const role = current?.Role ?? (user?.Role && user.Role !== 'holder' ? user.Role : null);
  // An account of the address's own is said to be one, as the others listed below it are ("Your own account").
  return `You are in ${name ? `${name}’s account` : 'this account'}${role ? ` as a ${role}` : ', your own'}.`;
}
