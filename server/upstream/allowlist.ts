/**
 * What the forwarder lets through: exactly the contract's twelve GET paths, compared byte for byte
 * on the raw request target, and a query string free of control characters and of any API key.
 */
import { CONTRACT_PATHS, type ContractPath } from '#shared/contract.ts';

export type PathMatch = { path: ContractPath; query: string } | { error: 'not-found' | 'bad-query' };

/** Query parameter names that carry a key; dropped whatever their case or percent-encoding. */
const KEY_PARAM_NAMES: ReadonlySet<string> = new Set(['api_key', 'apikey', 'api-key', 'x-api-key']);

const CONTRACT_PATH_SET: ReadonlySet<string> = new Set(CONTRACT_PATHS);

export function isContractPath(path: string): path is ContractPath {
  return CONTRACT_PATH_SET.has(path);
}

/** Only GET is forwarded (HEAD included in "not allowed": the contract is GET only). */
export function isForwardableMethod(method: string): boolean {
  return method === 'GET';
}

/**
 * Matches a raw request target (`incoming.url`: path plus optional `?query`, never resolved or
 * decoded) against the contract paths. The path must equal one of them byte for byte, so `..`,
 * `%2e`, `%2f`, `%5c`, backslashes, double or trailing slashes, and absolute-form targets all give
 * `not-found`. The returned `query` has no leading `?` and no key parameters.
 */
export function matchContractPath(rawPathAndQuery: string): PathMatch {
  const mark = rawPathAndQuery.indexOf('?');
  const path = mark === -1 ? rawPathAndQuery : rawPathAndQuery.slice(0, mark);
  const query = mark === -1 ? '' : rawPathAndQuery.slice(mark + 1);
  if (!isContractPath(path)) return { error: 'not-found' };
  if (!isSafeQuery(query)) return { error: 'bad-query' };
  return { path, query: dropKeyParams(query) };
}

/**
 * A raw query is safe when it is printable ASCII without space or `#`, every `%` starts a valid
 * escape, and no escape encodes a control character (`%00`-`%1F`, `%7F`: CR/LF injection).
 */
export function isSafeQuery(query: string): boolean {
  for (let i = 0; i < query.length; i += 1) {
    const c = query.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x23 /* # */) return false;
    if (c === 0x25 /* % */) {
      const escape = query.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(escape)) return false;
      const value = Number.parseInt(escape, 16);
      if (value < 0x20 || value === 0x7f) return false;
      i += 2;
    }
  }
  return true;
}

/** Removes every `&`-separated parameter whose name (or any `;`-separated part's name) is a key. */
export function dropKeyParams(query: string): string {
  // Every key name contains "key"; without it, or an escape that could spell it, nothing to drop.
  if (query === '' || (!query.includes('%') && !/key/i.test(query))) return query;
  return query
    .split('&')
    .filter((segment) => !segment.split(';').some((part) => KEY_PARAM_NAMES.has(paramName(part))))
    .join('&');
}

function paramName(part: string): string {
  const eq = part.indexOf('=');
  const raw = (eq === -1 ? part : part.slice(0, eq)).replaceAll('+', ' ');
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Invalid UTF-8 escapes: compare the raw text.
  }
  return name.trim().toLowerCase();
}
