/**
 * A short name of this browser for the user's list of notified devices: its browser and system
 * from the user agent ("Chrome · Windows", "Safari · iOS"). Proper names only, so it reads the
 * same in every language; the user agent itself, shortened, when neither is known.
 */
import { PUSH_LIMITS } from '#shared/push-protocol.ts';

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], userAgent: string): string | undefined => table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceLabel(userAgent: string): string {
  const known = [first(BROWSERS, userAgent), first(SYSTEMS, userAgent)].filter((part) => part !== undefined);
  if (known.length > 0) return known.join(' · ');
  // eslint-disable-next-line no-control-regex -- the server refuses a label with control characters
  const plain = userAgent.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  return plain.slice(0, Math.min(60, PUSH_LIMITS.maxDeviceChars));
}
