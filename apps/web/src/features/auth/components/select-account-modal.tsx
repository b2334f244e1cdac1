import type { ClientAccount } from '@portal/shared/customer-schemas';
import { ChoiceListModal } from './choice-list-modal';

export function SelectAccountModal({ accounts, onChoose, onCancel }: { accounts: ClientAccount[] | null; onChoose: (clientId: number) => Promise<void>; onCancel: () => void }) {
  return (
    <ChoiceListModal
      open={accounts !== null}
      title="Select Account"
      description="Your e-mail address opens more than one account. Which one would you like to use?"
      choices={(accounts ?? []).map((a) => ({ key: a.ClientID, title: `${a.FirstName} ${a.LastName}`.trim() }))}
      onChoose={onChoose}
      onCancel={onCancel}
    />
  );
}
