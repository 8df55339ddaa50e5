/**
 * Loads a language's catalog (a chunk of its own: an English page downloads no Chinese) and makes
 * it the active one. The store starts the load as soon as it knows the language, the app waits for
 * it before its first render, and the switcher before it changes the store's language.
 */
import type { Catalog } from './catalog';
import { catalogOf, type CatalogName, type Language } from './locales';
import { activate } from './translate';

const LOADERS: Record<CatalogName, () => Promise<{ default: Catalog }>> = {
  'zh-Hans': () => import('./zh-hans'),
  'zh-Hant': () => import('./zh-hant'),
  pseudo: () => import('./pseudo'),
};
const loading = new Map<CatalogName, Promise<Catalog>>();

/** Resolves once `language` is the active one; a catalog that fails to load leaves English. */
export function loadLanguage(language: Language): Promise<void> {
  const name = catalogOf(language);
  if (!name) {
    activate(language);
    return Promise.resolve();
  }
  let catalog = loading.get(name);
  if (!catalog) {
    catalog = LOADERS[name]().then((module) => module.default);
    loading.set(name, catalog);
  }
  return catalog.then(
    (loaded) => {
      activate(language, loaded);
    },
    () => {
      loading.delete(name);
      activate('en');
    },
  );
}
