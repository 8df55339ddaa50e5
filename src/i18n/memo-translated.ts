/**
 * React's `memo` for the app's components: it renders the component again on new props and on a
 * language switch. `t` reads the active catalog when called, so a component renders in the new
 * language only when it renders again; behind a plain memo whose props had not changed, the
 * chart's Export button kept the old language's word. ESLint refuses React's own `memo` elsewhere.
 * The component it wraps need not call useLanguage itself.
 */
import { createElement, memo, type ComponentType } from 'react';
import { useLanguage } from './use-language';

/** `propsAreEqual`: as memo's, whether new props render nothing new (memo's shallow compare by default). */
export function memoTranslated<P extends object>(Component: ComponentType<P>, propsAreEqual?: (previous: Readonly<P>, next: Readonly<P>) => boolean) {
  function Translated(props: P) {
    useLanguage();
    return createElement(Component, props);
  }
  Translated.displayName = `Translated(${Component.displayName ?? Component.name})`;
  return memo(Translated, propsAreEqual);
}

/**
 * React's own `memo`, for a component that shows no words (it renders nothing, or a canvas): no
 * language subscription and no wrapper for what a switch cannot change.
 */
export { memo as memoWithoutText };
