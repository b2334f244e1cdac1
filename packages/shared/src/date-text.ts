/**
 * A yyyy-MM-dd date in a company's DateFormat (C13): "dd/MM/yyyy", "MM/dd/yyyy" or "yyyy-MM-dd".
 * For text the server writes once (invoice lines, e-mails); anything else is answered unchanged.
 */
export function formatIsoDate(isoDate: string, dateFormat: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, y = '', m = '', d = ''] = match;
  return dateFormat.replace('yyyy', y).replace('MM', m).replace('dd', d);
}
