/**
 * The words for a failure (describe-error.ts), which load with the panels beside the chart rather
 * than on the first page: most first screens fail at nothing. An error shown before they are
 * here reads "Something went wrong." for the moment it takes them to arrive.
 */
import { useSyncExternalStore } from 'react';
import { t } from '../../i18n/t';
import type { ErrorText } from './describe-error';

type Describe = (error: unknown) => ErrorText;

let describe: Describe | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Starts loading the descriptions (the app calls it beside the chart; an error calls it at once). */
export function loadErrorTexts(): Promise<void> {
  loading ??= import('./describe-error').then(
    (module) => {
      describe = module.describeError;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline: the generic words stay; the next error tries again.
      loading = undefined;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = (): Describe | undefined => describe;

export function useErrorText(error: unknown): ErrorText {
  const described = useSyncExternalStore(subscribe, current, current);
  if (described) return described(error);
  void loadErrorTexts();
  return { title: t('Something went wrong.'), transient: false };
}
