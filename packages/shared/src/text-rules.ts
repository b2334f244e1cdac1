/**
 * One rule for every text: no control characters but tab, line feed and carriage return.
 * PostgreSQL cannot store NUL at all, and none of them belongs in a name, a code or a search. The
 * server refuses them in every request (plugins/text-rules.ts); the forms refuse them on the field,
 * with the same message, before anything is sent.
 */
// eslint-disable-next-line no-control-regex -- the characters this rule refuses
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
export const CONTROL_CHARACTER_MESSAGE = 'Please remove the invisible control character from this text.';
