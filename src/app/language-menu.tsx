/**
 * The header's language switch: a native select (compact, and a phone's own picker on a 390 px
 * screen). Each language is named in itself, so anyone can find theirs whatever is showing.
 */
import { t } from '../i18n/t';
import { LOCALES, type Locale } from '../i18n/locales';
import { switchLanguage, useLanguage } from '../i18n/use-language';

/** Endonyms: never translated. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  'zh-HK': '繁體中文（香港）',
};

/** Sized to the chosen language's name (繁體中文（香港） whole), at most 8 rem. */
export function LanguageMenu() {
  const language = useLanguage();
  return (
    <select
      aria-label={t('Language')}
      title={t('Language')}
      value={language}
      onChange={(event) => {
        void switchLanguage(event.target.value as Locale);
      }}
      className="max-w-[8rem] min-w-0 [field-sizing:content] rounded border border-slate-300 bg-white px-1 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
    >
      {language === 'pseudo' && <option value="pseudo">[Pseudo]</option>}
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
