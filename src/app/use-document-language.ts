/**
 * `<html lang>` follows the language: screen readers pick their voice by it, and the browser its
 * CJK glyphs (Simplified, Taiwan's and Hong Kong's forms differ).
 */
import { useEffect } from 'react';
import { intlLocale } from '../i18n/locales';
import { useLanguage } from '../i18n/use-language';

export function useDocumentLanguage(): void {
  const language = useLanguage();
  useEffect(() => {
    document.documentElement.lang = intlLocale(language);
  }, [language]);
}
