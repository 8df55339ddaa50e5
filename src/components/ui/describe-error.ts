/**
 * Every failure a panel can meet, in a sentence a trader understands and, where there is one,
 * what to do about it. Works on anything thrown; API errors are read structurally (code, kind).
 */
import { ERROR_CODES } from '#shared/contract.ts';
import { t, type CoreKey } from '../../i18n/core';

export interface ErrorText {
  title: string;
  detail?: string;
  action?: string;
  /** Transient failures recover by themselves (retries, polling). */
  transient: boolean;
}

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  retryAfterMs?: unknown;
  errorName?: unknown;
}

type CodeText = { title: CoreKey; action?: CoreKey; transient: boolean };
const BY_CODE: Record<number, CodeText> = {
  [ERROR_CODES.INVALID_KEY]: { title: 'err.1001', action: 'err.1001a', transient: false },
  [ERROR_CODES.MISSING_KEY]: { title: 'err.1002', action: 'err.1002a', transient: false },
  [ERROR_CODES.IP_NOT_WHITELISTED]: { title: 'err.1003', action: 'err.1003a', transient: false },
  [ERROR_CODES.PERMISSION_DENIED]: { title: 'err.1004', action: 'err.1004a', transient: false },
  [ERROR_CODES.INVALID_PARAMETER]: { title: 'err.2001', transient: false },
  [ERROR_CODES.SYMBOL_NOT_FOUND]: { title: 'err.2002', action: 'err.2002a', transient: false },
  [ERROR_CODES.INVALID_TIME_RANGE]: { title: 'err.2003', transient: false },
  [ERROR_CODES.LIMIT_EXCEEDED]: { title: 'err.2004', transient: false },
  [ERROR_CODES.RATE_LIMITED]: { title: 'err.3001', action: 'err.3001a', transient: true },
  [ERROR_CODES.QUOTA_EXHAUSTED]: { title: 'err.3002', action: 'err.3002a', transient: false },
  [ERROR_CODES.CONNECTION_LIMIT]: { title: 'err.3003', transient: false },
  [ERROR_CODES.SUBSCRIPTION_LIMIT]: { title: 'err.3004', transient: false },
  [ERROR_CODES.UNKNOWN_COMMAND]: { title: 'err.4001', transient: false },
  [ERROR_CODES.INVALID_MESSAGE]: { title: 'err.4002', transient: false },
  [ERROR_CODES.DEPTH_UNAVAILABLE]: { title: 'err.4003', transient: false },
  [ERROR_CODES.TRADE_UNAVAILABLE]: { title: 'err.4004', transient: false },
  [ERROR_CODES.INTERNAL_ERROR]: { title: 'err.5000', action: 'err.retrying', transient: true },
  [ERROR_CODES.DATA_SOURCE_UNAVAILABLE]: { title: 'err.5001', action: 'err.retrying', transient: true },
  [ERROR_CODES.SERVICE_UNAVAILABLE]: { title: 'err.5002', action: 'err.retrying', transient: true },
};

/** The server's detail after "Invalid parameter: " and similar prefixes. */
function detailOf(message: string): string | undefined {
  const colon = message.indexOf(': ');
  return colon === -1 ? undefined : message.slice(colon + 2);
}

export function describeError(error: unknown): ErrorText {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.errorName === 'AMBIGUOUS_SYMBOL') {
    return { title: t('err.ambiguous'), action: t('err.ambiguousA'), transient: false };
  }
  if (e.kind === 'network') return { title: t('err.network'), action: t('err.retrying'), transient: true };
  if (e.kind === 'malformed') return { title: t('err.malformed'), action: t('err.retrying'), transient: true };
  const known = typeof e.code === 'number' ? BY_CODE[e.code] : undefined;
  if (known) {
    const detail = e.code === ERROR_CODES.INVALID_PARAMETER || e.code === ERROR_CODES.INVALID_TIME_RANGE ? detailOf(message) : undefined;
    const wait = typeof e.retryAfterMs === 'number' && e.code === ERROR_CODES.RATE_LIMITED ? t('err.nextTry', { n: Math.ceil(e.retryAfterMs / 1000) }) : undefined;
    const action = wait ?? (known.action && t(known.action));
    return { title: t(known.title), transient: known.transient, ...(detail && { detail }), ...(action && { action }) };
  }
  return { title: t('err.unknown'), ...(message && { detail: message }), transient: false };
}
