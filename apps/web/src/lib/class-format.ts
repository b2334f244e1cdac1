import { DAY_ABBREVIATIONS } from '@portal/shared/class-schemas';

/** ISO day 1–7 → Mon…Sun (F14). */
export function dayName(day: number): string {
  return DAY_ABBREVIATIONS[day - 1] ?? '';
}

/** "16:00" → "4:00 PM" (the portal's 12-hour times, C13). */
export function classTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** A duration as the company's TimeDisplay says (F14): "1 h 30 min", "90 min" or nothing. */
export function classDuration(minutes: number, display: 'HoursAndMinutes' | 'Minutes' | 'NoTimeDisplayed' | undefined): string {
  if (display === 'NoTimeDisplayed') return '';
  if (display === 'Minutes' || minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** When a class runs, as its cards say it: "Mon 4:00 PM · 30 min" (no duration where TimeDisplay hides it). */
export function classWhen(day: number, time: string, minutes: number, display: Parameters<typeof classDuration>[1]): string {
  const duration = classDuration(minutes, display);
  return `${dayName(day)} ${classTime(time)}${duration ? ` · ${duration}` : ''}`;
}

/** When and where a class runs, as one line: "Mon 4:00 PM · Main Pool". */
export function classPlace(c: { Day: number; Time: string; Venue: string }): string {
  return `${dayName(c.Day)} ${classTime(c.Time)} · ${c.Venue}`;
}
