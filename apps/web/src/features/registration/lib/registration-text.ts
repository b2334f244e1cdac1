/**
 * N6: RegistrationText as the left panel shows it: what comes before the first asterisk is a
 * paragraph, and each asterisk starts a bullet ("*a *b" is two bullets).
 */
export function splitRegistrationText(text: string): { intro: string; bullets: string[] } {
  const [intro = '', ...rest] = text.split('*');
  return { intro: intro.trim(), bullets: rest.map((b) => b.trim()).filter((b) => b !== '') };
}
