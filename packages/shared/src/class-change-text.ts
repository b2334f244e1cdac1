/**
 * Decision 096: the make-ups a child had booked into the class they move to become sessions of
 * their place there, and each credit is theirs to book again. Said the same in the notification,
 * the e-mail and the dialog that answers the move; `dates` as the company writes them.
 */
export function makeupsGivenBackText(className: string, dates: readonly string[]): string {
  if (dates.length === 0) return '';
  const many = dates.length > 1;
  return `The make-up${many ? 's' : ''} booked into ${className} on ${dates.join(', ')} ${many ? 'are' : 'is'} now part of the class: ${many ? 'each credit is' : 'the credit is'} yours to book again.`;
}
