/**
 * One rule for every text: no ASCII control characters but tab, line feed and carriage return (DEL
 * included), no right-to-left or left-to-right override (it makes a name read backwards where staff
 * see it) and no half of a UTF-16 pair (stored as U+FFFD, never as sent). PostgreSQL cannot store NUL
 * at all, and none of them belongs in a name, a code or a search. The server refuses them in every
 * request (plugins/text-rules.ts); the forms refuse them on the field, with the same message,
 * before anything is sent. Kept as text: the embeddings and isolates phones wrap around a pasted
 * number or name in a right-to-left language, and the joiners of emoji.
 */
// eslint-disable-next-line no-control-regex -- the characters this rule refuses
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202d\u202e]|\p{Cs}/u;
export const CONTROL_CHARACTER_MESSAGE = 'Please remove the invisible control character from this text.';
