/**
 * What a closed multi-select shows (S59, U17): up to two names; then the first two and "+n";
 * "{n} {label} selected" from ten on; nothing when none is chosen.
 */
export function multiSelectSummary(names: readonly string[], label: string): string {
  if (names.length >= 10) return `${names.length} ${label} selected`;
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}
