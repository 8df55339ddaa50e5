/**
 * A translation catalog: every English message (messages.ts) in another language, no other key.
 * The Chinese catalogs `satisfies Catalog`, so a message missing from one, or one the app no
 * longer has, is a type error.
 */
import type { MessageKey } from './messages';

export type Catalog = { readonly [K in MessageKey]: string };
