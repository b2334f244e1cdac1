/** A card kept on file (K14) as the payment pages show it. */
export interface SavedCard {
  brand: string;
  last4: string;
  expiry: string;
}

/**
 * The choice between the card kept on file and another one, where a family keeps one. `family`: the
 * one paying is a guardian (decision 101), and the card on file is the family's, not theirs: said so.
 */
export function SavedCardChoice({ card, useSaved, onChange, family = false }: { card: SavedCard; useSaved: boolean; onChange: (useSaved: boolean) => void; family?: boolean }) {
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="sr-only">Card</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name="card-choice" checked={useSaved} onChange={() => onChange(true)} className="size-5 shrink-0 accent-primary" />
        {family ? 'The family’s saved card' : 'Saved card'}: {card.brand} ending {card.last4} (expires {card.expiry})
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name="card-choice" checked={!useSaved} onChange={() => onChange(false)} className="size-5 shrink-0 accent-primary" />
        {family ? 'Your own card' : 'Another card'}
      </label>
    </fieldset>
  );
}
