/** The shape every simulator endpoint implements. */
import type { Query } from '../http/query.ts';

export interface EndpointContext {
  query: Query;
  /** The simulator clock's reading for this request. */
  now: number;
}

/** The JSON body of a successful answer (the envelope included). */
export type EndpointBody = Record<string, unknown>;

export type Endpoint = (context: EndpointContext) => EndpointBody;

export function success(data: unknown): EndpointBody {
  return { code: 0, message: 'success', data };
}
