/**
 * The browser's requests of the share API (shared/share-protocol.ts): same-origin fetches with the
 * page's sign-in. Each answers the value, or the server's refusal (its status and message; status
 * 0 when the server could not be reached).
 */
import type { ShareKind, ShareRead, ShareSummary } from '#shared/share-protocol.ts';
import { SHARES_PATH } from '#shared/share-protocol.ts';
import { t } from '../../i18n/t';
import { refusalOf } from './workspace-transport';

export type ShareAnswer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

async function call<T>(path: string, init: RequestInit = {}): Promise<ShareAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    return { ok: false, status: 0, message: '' };
  }
  if (!response.ok) {
    const refusal = await refusalOf(response);
    return { ok: false, status: refusal.status, message: refusal.message };
  }
  return { ok: true, value: (await response.json()) as T };
}

const sharePath = (id: string): string => `${SHARES_PATH}/${encodeURIComponent(id)}`;

export const shareClient = {
  create: (kind: ShareKind, name: string, value: unknown) =>
    call<{ share: ShareSummary }>(SHARES_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, name, value }),
    }),
  listOwn: () => call<{ shares: ShareSummary[] }>(SHARES_PATH),
  read: (id: string) => call<ShareRead>(sharePath(id)),
  revoke: (id: string) => call<{ revoked: true }>(sharePath(id), { method: 'DELETE' }),
};

/** Where a refusal was met: making or listing one's shares, or opening a link. */
export type ShareSituation = 'sharing' | 'opening';

/** What a refusal of the share API tells the user (the server's own message when it says more). */
export function shareProblem(answer: Extract<ShareAnswer<unknown>, { ok: false }>, situation: ShareSituation): string {
  const opening = situation === 'opening';
  if (answer.status === 0)
    return opening
      ? t('The server cannot be reached: open the link again when you are online.')
      : t('The server cannot be reached: try again when you are online.');
  if (answer.status === 401) return opening ? t('Sign in to open this shared link.') : t('Sign in to share.');
  // 501: the server keeps no workspaces (WORKSPACE=off).
  if (answer.status === 501)
    return opening ? t('This server keeps no workspaces, so nothing is shared here.') : t('This server keeps no workspaces, so nothing can be shared here.');
  if (opening && answer.status === 410) return t('This link was revoked by the one who shared it.');
  if (opening && answer.status === 404) return t('No such shared link: check the link.');
  return answer.message;
}
