/** The journeys' own reads of the API, through the server (which adds the key). */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The envelope's data of a /v1 GET. */
export async function apiData<T>(request: APIRequestContext, path: string, params: Record<string, string | number>): Promise<T> {
  const response = await request.get(path, { params });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}
