/**
 * The first history page the server carried in index.html (shared/first-page.ts), as a transport
 * for the API client: the app's request for exactly that page is answered from it, once, with no
 * request; every other request, and that one once used or too old, goes to `send`. The answer then
 * passes the client's envelope and schema checks like any other.
 */
import { FIRST_PAGE_ELEMENT_ID, FIRST_PAGE_MAX_AGE_MS } from '#shared/first-page.ts';
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
  const element = doc.querySelector<HTMLElement>(`#${FIRST_PAGE_ELEMENT_ID}`);
  if (!element) return undefined;
  element.remove();
  // data-url, data-made-at, data-source (server/first-page.ts).
  const { url, madeAt, source = '' } = element.dataset;
  const body = element.textContent;
  return url && body && madeAt ? { url, madeAt: Number(madeAt), source, body } : undefined;
}

/**
 * `send`, but the first request for `answer.url` while the answer is at most FIRST_PAGE_MAX_AGE_MS
 * old on `now` (the data's clock) is answered from it. It is treated as fetched when the server
 * made it: an older one is dropped and the request goes out.
 */
export function withInlinedAnswer(send: typeof fetch, answer: InlinedAnswer | undefined, now: () => number): typeof fetch {
  let held = answer;
  return (input, init) => {
    // The very URL: the server writes the page's query as the client's buildUrl does (a test holds them together).
    if (held && input === held.url) {
      const { body, madeAt, source } = held;
      held = undefined;
      if (now() - madeAt <= FIRST_PAGE_MAX_AGE_MS)
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json', [SOURCE_HEADER]: source } }));
    }
    return send(input, init);
  };
}
