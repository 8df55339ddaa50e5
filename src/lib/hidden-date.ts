/** What a label shows in place of a date while dates are hidden (a blind replay) and no clock time is left to show. */
export const HIDDEN_DATE = '—';
