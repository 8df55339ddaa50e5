/**
 * The screen's answer from the server (shared/screener/screener-protocol.ts): posted, then asked
 * again every few seconds while the screener is shown (the query lives only while the panel is
 * mounted; a hidden page polls nothing, as every query of the app). A screen the server refuses
 * (400) is not asked again until it changes; the last good answer stays on screen meanwhile.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Screen } from '#shared/screener/screen-model.ts';
import {
  SCREENER_PATH,
  SPARKS_PATH,
  type ScreenAnswer,
  type ScreenRequest,
  type SparksAnswer,
  type SparksRequest,
} from '#shared/screener/screener-protocol.ts';

/** How often a shown screen is asked again. */
export const SCREEN_POLL_MS = 5_000;

export class ScreenRequestError extends Error {
  override readonly name = 'ScreenRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The envelope's message, else the status. */
async function errorOf(response: Response): Promise<ScreenRequestError> {
  let message = `HTTP ${String(response.status)}`;
  try {
    const body = (await response.json()) as { message?: unknown; msg?: unknown };
    const said = typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : undefined;
    if (said) message = said;
  } catch {
    // Not an envelope: the status says it.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ScreenRequestError(response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
}

function isAnswer(value: unknown): value is ScreenAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<ScreenAnswer>;
  return Array.isArray(answer.rows) && Array.isArray(answer.keys) && Array.isArray(answer.columns) && typeof answer.warmUp === 'object';
}

/** Posts `body` to one of the screener's paths: its answer when it is one, else a ScreenRequestError. */
async function postScreener<A>(path: string, body: unknown, isAnswerOf: (value: unknown) => value is A, signal?: AbortSignal): Promise<A> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...(signal && { signal }),
    });
  } catch (cause) {
    if (signal?.aborted === true) throw cause;
    throw new ScreenRequestError(0, 'network');
  }
  if (!response.ok) throw await errorOf(response);
  const answer: unknown = await response.json();
  if (!isAnswerOf(answer)) throw new ScreenRequestError(response.status, 'malformed');
  return answer;
}

export const fetchScreen = (request: ScreenRequest, signal?: AbortSignal): Promise<ScreenAnswer> => postScreener(SCREENER_PATH, request, isAnswer, signal);

const isSparks = (value: unknown): value is SparksAnswer =>
  typeof value === 'object' && value !== null && Array.isArray((value as Partial<SparksAnswer>).closes);

export const fetchSparks = (request: SparksRequest, signal?: AbortSignal): Promise<SparksAnswer> => postScreener(SPARKS_PATH, request, isSparks, signal);

/** A refusal of the screen itself (or of the key): asking again will not help. */
export const isFinalRefusal = (error: unknown): boolean =>
  error instanceof ScreenRequestError && (error.status === 400 || error.status === 401 || error.status === 404);

export function screenQueryOptions(screen: Screen | undefined) {
  return queryOptions({
    // The screen itself: TanStack Query hashes it as JSON with its keys sorted.
    queryKey: ['chartroom', 'screener', screen ?? null] as const,
    queryFn: ({ signal }) => {
      if (!screen) throw new Error('no screen');
      // No sparklines: the table asks for those of the rows in view (row-sparks.ts).
      return fetchScreen({ screen }, signal);
    },
    enabled: screen !== undefined,
    staleTime: SCREEN_POLL_MS,
    // While another screen's answer comes, the last one stays (no empty table between keystrokes).
    placeholderData: keepPreviousData,
    retry: (failures, error) => !isFinalRefusal(error) && failures < 2,
    refetchInterval: (query) => {
      const { error } = query.state;
      if (isFinalRefusal(error)) return false;
      if (error instanceof ScreenRequestError && error.retryAfterMs !== undefined) return Math.max(SCREEN_POLL_MS, error.retryAfterMs);
      return SCREEN_POLL_MS;
    },
    structuralSharing: false,
  });
}

export function useScreenAnswer(screen: Screen | undefined) {
  return useQuery(screenQueryOptions(screen));
}
