/**
 * The answers the server carried in index.html (shared/first-page.ts: the first history page and
 * a stock's factors), as a transport for the API client: the app's request for exactly one of
 * them is answered from it, once, with no request; every other request, and that one once used or
 * too old, goes to `send`. The answer then passes the client's envelope and schema checks like any other.
 */
import { FIRST_PAGE_ATTRIBUTES, FIRST_PAGE_MAX_AGE_MS } from '#shared/first-page.ts';
import { SOURCE_HEADER } from '#shared/protocol.ts';

export interface InlinedAnswer {
  /** The request it answers (path and query). */
  url: string;
  /** The data's clock (ms) when the server made it. */
  madeAt: number;
  source: string;
  body: string;
}

/** The page's carried answers, each whole one; their elements are removed (their text is read once). */
export function readInlinedAnswers(doc: ParentNode = document): InlinedAnswer[] {
  const answers: InlinedAnswer[] = [];
  // Each carried element, whatever its id (FIRST_PAGE_ELEMENT_ID, FIRST_FACTORS_ELEMENT_ID): the one kind of element with this attribute.
  for (const element of doc.querySelectorAll<HTMLElement>(`script[${FIRST_PAGE_ATTRIBUTES.madeAt}]`)) {
    element.remove();
    // data-url, data-made-at, data-source (server/first-page.ts).
    const { url, madeAt, source = '' } = element.dataset;
    const body = element.textContent;
    if (url && body && madeAt) answers.push({ url, madeAt: Number(madeAt), source, body });
  }
  return answers;
}

/**
 * `send`, but the first request for an answer's url while the answer is at most
 * FIRST_PAGE_MAX_AGE_MS old on `now` (the data's clock) is answered from it. It is treated as
 * fetched when the server made it: an older one is dropped and the request goes out.
 */
export function withInlinedAnswers(send: typeof fetch, answers: readonly InlinedAnswer[], now: () => number): typeof fetch {
  // By the very URL: the server writes each query as the client's buildUrl does (a test holds them together).
  const held = new Map(answers.map((answer) => [answer.url, answer]));
  return (input, init) => {
    const answer = held.get(input as string);
    if (answer) {
      held.delete(answer.url);
      const { body, madeAt, source } = answer;
      if (now() - madeAt <= FIRST_PAGE_MAX_AGE_MS)
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json', [SOURCE_HEADER]: source } }));
    }
    return send(input, init);
  };
}
