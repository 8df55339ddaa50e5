/**
 * The words for a failure (describe-error.ts), which load with the panels beside the chart rather
 * than on the first page: most first screens fail at nothing. An error shown before they are
 * here reads "Something went wrong." for the moment it takes them to arrive.
 */
import { t } from '../../i18n/t';
import { createCell, useObservable } from '../../lib/observable';
import type { ErrorText } from './describe-error';

type Describe = (error: unknown) => ErrorText;

const describe = createCell<Describe | undefined>(undefined);
let loading: Promise<void> | undefined;

/** Starts loading the descriptions (the app calls it beside the chart; an error calls it at once). */
export function loadErrorTexts(): Promise<void> {
  loading ??= import('./describe-error').then(
    (module) => {
      describe.set(module.describeError);
    },
    () => {
      // Offline: the generic words stay; the next error tries again.
      loading = undefined;
    },
  );
  return loading;
}

export function useErrorText(error: unknown): ErrorText {
  const described = useObservable(describe);
  if (described) return described(error);
  void loadErrorTexts();
  return { title: t('Something went wrong.'), transient: false };
}
