/**
 * The English names the product list gives currencies (ISO 4217) and the spot metals (their X
 * codes) in a pair's name, "Gold / US Dollar": the simulator names its pairs with them, and the
 * dashboard writes such a name again in the language's words (src/lib/pair-name.ts).
 */
export const CURRENCY_NAMES = {
  EUR: 'Euro',
  USD: 'US Dollar',
  JPY: 'Japanese Yen',
  GBP: 'British Pound',
  AUD: 'Australian Dollar',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  NZD: 'New Zealand Dollar',
  CNH: 'Chinese Yuan (Offshore)',
  HKD: 'Hong Kong Dollar',
  SGD: 'Singapore Dollar',
  SEK: 'Swedish Krona',
  NOK: 'Norwegian Krone',
  MXN: 'Mexican Peso',
  XAU: 'Gold',
  XAG: 'Silver',
  XPT: 'Platinum',
  XPD: 'Palladium',
} as const;
