import { SYMBOLOGY_NAMES, type Barcode } from '@portal/shared/barcode-schemas';
import { Button } from '@/components/ui/button';
import { Maximize2Icon } from 'lucide-react';
import { BarcodeImage } from './barcode-image';

/** One card as the desk sees it: whose it is, the code to scan, and the value to type. */
export function BarcodeCard({ barcode, onEnlarge }: { barcode: Barcode; onEnlarge: () => void }) {
  return (
    <article aria-labelledby={`barcode-${barcode.BarcodeID}`} className="flex flex-col rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <header className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`barcode-${barcode.BarcodeID}`} className="truncate text-lg font-bold text-ink">
            {barcode.HolderName}
          </h2>
          <p className="text-sm text-muted">{[barcode.Label, SYMBOLOGY_NAMES[barcode.Symbology]].filter(Boolean).join(' · ')}</p>
        </div>
        <Button variant="secondary" size="sm" icon={<Maximize2Icon aria-hidden="true" className="size-4" />} onClick={onEnlarge} aria-label={`Show larger: ${barcode.HolderName}`}>
          Larger
        </Button>
      </header>
      <div className="flex flex-1 items-center justify-center rounded-xl border border-line-soft bg-white p-3">
        <BarcodeImage barcode={barcode} />
      </div>
      <p className="mt-3 text-center font-mono text-base tracking-wider text-ink select-all">{barcode.Code}</p>
    </article>
  );
}
