// Values as the visitor said them ("10 December 1815", "+44 20 7946 0018") rewritten in the format
// a page asks for, when its label, placeholder or error message names one. What a careful person
// does on reading "write the date as YYYY-MM-DD" or "digits only".

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `value` in the format `hint` asks for, or `value` unchanged when the hint names none it knows. */
export function inFormat(value, hint) {
  const text = String(hint ?? '');
  const date = readDate(value);
  if (date) {
    const format = /\b(YYYY-MM-DD|DD\/MM\/YYYY|MM\/DD\/YYYY|DD\.MM\.YYYY)\b/i.exec(text)?.[1]?.toUpperCase();
    if (format) return writeDate(date, format);
  }
  if (/\b(digits|numbers) only\b/i.test(text) || /\bno spaces\b/i.test(text)) {
    const digits = value.replace(/\D+/g, '');
    if (digits) return digits;
  }
  return value;
}

/** Day, month and year from "10 December 1815", "December 10, 1815" or "1815-12-10". */
function readDate(value) {
  const text = String(value).trim().toLowerCase();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return { year: +iso[1], month: +iso[2], day: +iso[3] };
  const monthIndex = (name) => MONTHS.findIndex((month) => month.startsWith(name.slice(0, 3))) + 1;
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/.exec(text);
  if (dayFirst && monthIndex(dayFirst[2])) return { day: +dayFirst[1], month: monthIndex(dayFirst[2]), year: +dayFirst[3] };
  const monthFirst = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(text);
  if (monthFirst && monthIndex(monthFirst[1])) return { day: +monthFirst[2], month: monthIndex(monthFirst[1]), year: +monthFirst[3] };
  return undefined;
}

function writeDate({ year, month, day }, format) {
  const pad = (number) => String(number).padStart(2, '0');
  return format.replace('YYYY', String(year)).replace('MM', pad(month)).replace('DD', pad(day));
}
