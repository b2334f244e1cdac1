import type { CompanyListEntry } from '@portal/shared/company-schemas';
import { ChoiceListModal } from './choice-list-modal';

export function SelectCompanyModal({ companies, onChoose, onCancel }: { companies: CompanyListEntry[] | null; onChoose: (entry: CompanyListEntry) => Promise<void>; onCancel: () => void }) {
  return (
    <ChoiceListModal
      open={companies !== null}
      title="Select Company"
      description="You have an account with more than one company. Which one would you like to open?"
      choices={(companies ?? []).map((c) => ({ key: c.CustomerID, title: c.TradingName }))}
      onChoose={async (key) => {
        const entry = companies?.find((c) => c.CustomerID === key);
        if (entry) await onChoose(entry);
      }}
      onCancel={onCancel}
    />
  );
}
