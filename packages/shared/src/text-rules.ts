/**
 * One rule for every text: no control characters but tab, line feed and carriage return (C0, DEL
 * and C1), no bidirectional overrides or isolates (they make a name read backwards where staff see
 * it) and no half of a UTF-16 pair (stored as U+FFFD, never as sent). PostgreSQL cannot store NUL at
 * all, and none of them belongs in a name, a code or a search. The server refuses them in every
 * request (plugins/text-rules.ts); the forms refuse them on the field, with the same message,
 * before anything is sent. A zero-width joiner (emoji sequences) is text, and is kept.
 */
// eslint-disable-next-line no-control-regex -- the characters this rule refuses
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
export const CONTROL_CHARACTER_MESSAGE = 'Please remove the invisible control character from this text.';
