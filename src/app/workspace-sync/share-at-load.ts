/**
 * The share a link opens (`/?share=<id>`, shared/share-protocol.ts). The page's URL follows the
 * workspace from the first render and drops it, so it is read from the navigation's own URL,
 * which keeps it: no byte of the first page reads it early. A reload (the URL without it) does
 * not open the share again.
 */
export const SHARE_PARAM = 'share';

export function shareAtLoad(): string | undefined {
  const [navigation] = performance.getEntriesByType('navigation');
  const url = new URL(navigation?.name ?? window.location.href, window.location.href);
  return url.searchParams.get(SHARE_PARAM) ?? undefined;
}
