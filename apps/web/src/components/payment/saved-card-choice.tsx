/** A card kept on file (K14) as the payment pages show it. */
export interface SavedCard {
  brand: string;
  last4: string;
  expiry: string;
}

/** The choice between the card kept on file and another one, where a family keeps one. */
export function SavedCardChoice({ card, useSaved, onChange }: { card: SavedCard; useSaved: boolean; onChange: (useSaved: boolean) => void }) {
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="sr-only">Card</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name="card-choice" checked={useSaved} onChange={() => onChange(true)} className="size-5 shrink-0 accent-primary" />
        Saved card: {card.brand} ending {card.last4} (expires {card.expiry})
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name="card-choice" checked={!useSaved} onChange={() => onChange(false)} className="size-5 shrink-0 accent-primary" />
        Another card
      </label>
    </fieldset>
  );
}
