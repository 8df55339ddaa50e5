/**
 * Every failure a panel can meet, in a sentence a trader understands and, where there is one,
 * what to do about it. Works on anything thrown; API errors are read structurally (code, kind).
 */
import { ERROR_CODES, SIGN_IN_REQUIRED } from '#shared/contract.ts';
import { t, type MessageKey } from '../../i18n/t';

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

type CodeText = { title: MessageKey; action?: MessageKey; transient: boolean };
const BY_CODE: Record<number, CodeText> = {
  [ERROR_CODES.INVALID_KEY]: {
    title: 'The API key was refused (invalid, disabled or expired).',
    action: 'Check MARKET_API_KEY on the Chartroom server.',
    transient: false,
  },
  [ERROR_CODES.MISSING_KEY]: { title: 'No API key reached the data service.', action: 'Set MARKET_API_KEY on the Chartroom server.', transient: false },
  [ERROR_CODES.IP_NOT_WHITELISTED]: {
    title: "The server's address is not on the key's IP whitelist.",
    action: 'Add the server address to the whitelist of the key.',
    transient: false,
  },
  [ERROR_CODES.PERMISSION_DENIED]: { title: 'Your plan does not include this data.', action: 'A higher plan unlocks it.', transient: false },
  [ERROR_CODES.INVALID_PARAMETER]: { title: 'The request had an invalid parameter.', transient: false },
  [ERROR_CODES.SYMBOL_NOT_FOUND]: { title: 'Symbol not found.', action: 'Search for it with Ctrl+K or /.', transient: false },
  [ERROR_CODES.INVALID_TIME_RANGE]: { title: 'That time range is not available.', transient: false },
  [ERROR_CODES.LIMIT_EXCEEDED]: { title: 'Too much data was asked for at once.', transient: false },
  [ERROR_CODES.RATE_LIMITED]: { title: 'Rate limit reached.', action: 'Waiting before asking again.', transient: true },
  [ERROR_CODES.QUOTA_EXHAUSTED]: { title: "The key's quota is used up.", action: 'It resets with the billing period, or upgrade the plan.', transient: false },
  [ERROR_CODES.CONNECTION_LIMIT]: { title: 'Too many live connections for this key.', transient: false },
  [ERROR_CODES.SUBSCRIPTION_LIMIT]: { title: 'Too many live subscriptions for this key.', transient: false },
  [ERROR_CODES.UNKNOWN_COMMAND]: { title: 'The live service did not understand a command.', transient: false },
  [ERROR_CODES.INVALID_MESSAGE]: { title: 'The live service could not read a message.', transient: false },
  [ERROR_CODES.DEPTH_UNAVAILABLE]: { title: 'Order book depth is not available for this symbol.', transient: false },
  [ERROR_CODES.TRADE_UNAVAILABLE]: { title: 'Trades are not available for this symbol.', transient: false },
  [ERROR_CODES.INTERNAL_ERROR]: { title: 'The data service had an internal error.', action: 'Retrying automatically.', transient: true },
  [ERROR_CODES.DATA_SOURCE_UNAVAILABLE]: { title: 'The data source is unavailable right now.', action: 'Retrying automatically.', transient: true },
  [ERROR_CODES.SERVICE_UNAVAILABLE]: { title: 'The data service is temporarily unavailable.', action: 'Retrying automatically.', transient: true },
};

/** The server's detail after "Invalid parameter: " and similar prefixes. */
function detailOf(message: string): string | undefined {
  const colon = message.indexOf(': ');
  return colon === -1 ? undefined : message.slice(colon + 2);
}

/** A lazily loaded module that did not arrive, in Chromium's, Safari's and Firefox's words. */
const FAILED_DOWNLOAD = /dynamically imported module|Importing a module script failed/i;

export function describeError(error: unknown): ErrorText {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  // Chartroom's own sign-in (AUTH_MODE), not the API key: the header's account status links to it.
  if (e.errorName === SIGN_IN_REQUIRED)
    return { title: t('Sign in to see market data.'), action: t('Use “Sign in” at the top of the page.'), transient: false };
  if (e.errorName === 'AMBIGUOUS_SYMBOL') {
    return { title: t('This symbol is listed under several types.'), action: t('Choose which one you mean at the top of the page.'), transient: false };
  }
  if (e.kind === 'network') return { title: t('Cannot reach the Chartroom server.'), action: t('Retrying automatically.'), transient: true };
  if (e.kind === 'malformed') return { title: t('The answer could not be read (malformed data).'), action: t('Retrying automatically.'), transient: true };
  if (FAILED_DOWNLOAD.test(message))
    return { title: t("This panel's code did not download."), action: t('Retry; if the app was updated meanwhile, reload.'), transient: false };
  const known = typeof e.code === 'number' ? BY_CODE[e.code] : undefined;
  if (known) {
    const detail = e.code === ERROR_CODES.INVALID_PARAMETER || e.code === ERROR_CODES.INVALID_TIME_RANGE ? detailOf(message) : undefined;
    const wait =
      typeof e.retryAfterMs === 'number' && e.code === ERROR_CODES.RATE_LIMITED ? t('Next try in {n} s.', { n: Math.ceil(e.retryAfterMs / 1000) }) : undefined;
    const action = wait ?? (known.action && t(known.action));
    return { title: t(known.title), transient: known.transient, ...(detail && { detail }), ...(action && { action }) };
  }
  return { title: t('Something went wrong.'), ...(message && { detail: message }), transient: false };
}
