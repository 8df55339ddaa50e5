/** The screens issue #30 asks the daily chart to be checked at: three laptops and a phone. */
export const DAILY_CHART_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The laptops among them (side columns shown). */
export const WIDE_SIZES = DAILY_CHART_SIZES.filter(({ width }) => width >= 1024);
