/**
 * The share a link opens (`/?share=<id>`, shared/share-protocol.ts). The page's URL follows the
 * workspace from the first render and drops it, so it is read from the navigation's own URL,
 * which keeps it: no byte of the first page reads it early. A reload (the URL without it) does
 * not open the share again. A link's moment (`at=`, src/app/url-moment.ts) is read the same way.
 */
export const SHARE_PARAM = 'share';

/** The query of the URL the page was opened at (the navigation's), not the page's URL now. */
export function linkAtLoad(): URLSearchParams {
  const [navigation] = performance.getEntriesByType('navigation');
  return new URL(navigation?.name ?? window.location.href, window.location.href).searchParams;
}

export function shareAtLoad(): string | undefined {
  return linkAtLoad().get(SHARE_PARAM) ?? undefined;
}
