/**
 * A screen in a link: `?tab=screener&screen=<base64url of {"name","screen"} JSON>` (the link's
 * `tab=` opens the tab; the screener reads `screen=` once it loads, takeLinkScreenAtLoad); a link
 * that does not hold a screen (not base64url, not JSON, or what screenSchema refuses) is
 * reported, never saved.
 */
import { screenSchema } from '#shared/screener/screen-schema.ts';
import type { Screen } from '#shared/screener/screen-model.ts';

export const SCREEN_PARAM = 'screen';

interface LinkedScreen {
  name: string;
  screen: Screen;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The parameter's value for a screen and its name. */
export function encodeScreen(screen: Screen, name: string): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify({ name, screen } satisfies LinkedScreen)));
}

export type DecodedScreen = { ok: true; name: string; screen: Screen } | { ok: false; problems: string[] };

/** The screen a link's parameter carries, or why it carries none. */
export function decodeScreen(param: string): DecodedScreen {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(param.trim())));
  } catch {
    return { ok: false, problems: ['not a screen'] };
  }
  const { name, screen } = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof LinkedScreen, unknown>>;
  const parsed = screenSchema.safeParse(screen);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.slice(0, 3).map(({ path, message }) => (path.length > 0 ? `${path.join('.')}: ${message}` : message)) };
  return { ok: true, name: typeof name === 'string' ? name.slice(0, 80) : '', screen: parsed.data };
}

/** The page's address opening `screen` in the screener. */
export function screenLink(screen: Screen, name: string, base: string): string {
  const url = new URL(base);
  url.search = `?tab=screener&${SCREEN_PARAM}=${encodeScreen(screen, name)}`;
  url.hash = '';
  return url.toString();
}

let taken = false;

/**
 * The `screen=` of the link the page was opened at, once per page. Read as the shared workspace
 * link is (src/app/workspace-sync/share-at-load.ts): from the navigation's own URL, since the page's
 * URL follows the workspace from the first render and drops it, so no byte of the first page reads
 * it. A reload (the URL without it) does not open it again.
 */
export function takeLinkScreenAtLoad(): string | undefined {
  if (taken) return undefined;
  taken = true;
  const [navigation] = performance.getEntriesByType('navigation');
  return new URL(navigation?.name ?? window.location.href, window.location.href).searchParams.get(SCREEN_PARAM) ?? undefined;
}
