import { useState } from 'react';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';

import { useConfig } from '@/entities/company/get-company-config';
import { BarcodeIcon } from 'lucide-react';
import { useBarcodes } from '@/features/barcodes/api/get-barcodes';
import { BarcodeCard } from '@/features/barcodes/components/barcode-card';
import { BarcodeImage } from '@/features/barcodes/components/barcode-image';

/** /hub/barcodes (Q1–Q3): the family's cards to show at the front desk. */
export default function BarcodesRoute() {
  const config = useConfig();
  const barcodes = useBarcodes();
  const [enlargedId, setEnlargedId] = useState<number | null>(null);
  const list = barcodes.data?.barcodes ?? [];
  const enlarged = list.find((b) => b.BarcodeID === enlargedId);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Barcodes" description={`Show a card at the ${config.CompanyDisplayName} front desk to check in. If the scanner cannot read it, turn your screen brightness up.`} />
      {barcodes.isPending ? (
        <ListLoading label="Loading your barcodes" />
      ) : barcodes.isLoadingError ? (
        <QueryError query={barcodes} />
      ) : list.length === 0 ? (
        <EmptyState icon={<BarcodeIcon className="size-7" />} text="No Barcodes Found" />
      ) : (
        <div className="grid gap-4 sm:gap-6 md:grid-cols-2 xl:grid-cols-3">
          {list.map((barcode) => (
            <BarcodeCard key={barcode.BarcodeID} barcode={barcode} onEnlarge={() => setEnlargedId(barcode.BarcodeID)} />
          ))}
        </div>
      )}
      <Modal open={enlarged !== undefined} onOpenChange={(open) => (open ? undefined : setEnlargedId(null))} title={enlarged?.HolderName ?? ''} description={enlarged?.Label || undefined} size="lg">
        {enlarged ? (
          <div className="flex flex-col items-center gap-4">
            <div className="w-full rounded-xl bg-white p-2">
              <BarcodeImage barcode={enlarged} large />
            </div>
            <p className="font-mono text-lg tracking-wider text-ink select-all">{enlarged.Code}</p>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
