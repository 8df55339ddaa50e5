/**
 * The first history page the server carried in index.html (shared/first-page.ts), as a transport
 * for the API client: the app's request for exactly that page is answered from it, once, with no
 * request; every other request, and that one once used or too old, goes to `send`. The answer then
 * passes the client's envelope and schema checks like any other.
 */
import { FIRST_PAGE_ELEMENT_ID, FIRST_PAGE_MADE_AT_ATTRIBUTE, FIRST_PAGE_MAX_AGE_MS, FIRST_PAGE_SOURCE_ATTRIBUTE, FIRST_PAGE_URL_ATTRIBUTE, sameRequest } from '#shared/first-page.ts';
import { SOURCE_HEADER } from '#shared/protocol.ts';

export interface InlinedAnswer {
  /** The request it answers (path and query). */
  url: string;
  /** The data's clock (ms) when the server made it. */
  madeAt: number;
  source: string;
  body: string;
}

/** The page's carried answer, if it has a whole one; the element is removed (its text is read once). */
export function readInlinedAnswer(doc: ParentNode = document): InlinedAnswer | undefined {
  const element = doc.querySelector(`#${FIRST_PAGE_ELEMENT_ID}`);
  if (!element) return undefined;
  element.remove();
  const url = element.getAttribute(FIRST_PAGE_URL_ATTRIBUTE);
  const madeAt = Number(element.getAttribute(FIRST_PAGE_MADE_AT_ATTRIBUTE));
  const body = element.textContent;
  return url && body && Number.isFinite(madeAt) ? { url, madeAt, source: element.getAttribute(FIRST_PAGE_SOURCE_ATTRIBUTE) ?? '', body } : undefined;
}

/**
 * `send`, but the first request for `answer.url` while the answer is at most FIRST_PAGE_MAX_AGE_MS
 * old on `now` (the data's clock) is answered from it. It is treated as fetched when the server
 * made it: an older one is dropped and the request goes out.
 */
export function withInlinedAnswer(send: typeof fetch, answer: InlinedAnswer | undefined, now: () => number): typeof fetch {
  let held = answer;
  return (input, init) => {
    if (held && typeof input === 'string' && sameRequest(input, held.url)) {
      const { body, madeAt, source } = held;
      held = undefined;
      if (now() - madeAt <= FIRST_PAGE_MAX_AGE_MS) return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json', [SOURCE_HEADER]: source } }));
    }
    return send(input, init);
  };
}
