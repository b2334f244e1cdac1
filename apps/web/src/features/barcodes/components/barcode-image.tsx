import { SQUARE_SYMBOLOGIES, SYMBOLOGY_NAMES, type Barcode } from '@portal/shared/barcode-schemas';
import { cn } from '@/lib/cn';

/**
 * The server's SVG (bwip-js output: paths only, white quiet zone included), scaled to the width
 * it is given. A strip is drawn at least 260 px wide and a square code at least 200 px, which a
 * phone camera or a desk scanner reads from a hand's length away; on a screen narrower than that
 * leaves (320 px), the strip takes the width there is rather than pushing the page sideways, and
 * Larger shows it across the screen.
 */
export function BarcodeImage({ barcode, large = false, className }: { barcode: Barcode; large?: boolean; className?: string }) {
  const square = SQUARE_SYMBOLOGIES.includes(barcode.Symbology);
  return (
    <div
      role="img"
      aria-label={`${SYMBOLOGY_NAMES[barcode.Symbology]} for ${barcode.HolderName}: ${barcode.Code}`}
      className={cn(
        'mx-auto rounded-lg bg-white [&>svg]:block [&>svg]:h-auto [&>svg]:w-full',
        square ? (large ? 'w-full max-w-[22rem]' : 'w-52 sm:w-56') : large ? 'w-full' : 'w-full min-w-[min(16.25rem,100%)] max-w-md',
        className,
      )}
      // Our own server's drawing of the value: shapes only, no text or script.
      dangerouslySetInnerHTML={{ __html: barcode.Svg }}
    />
  );
}
