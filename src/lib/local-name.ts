/**
 * A name from the data in the script of the chosen language, where the data has one: the
 * catalogue's and stock info's English, Simplified and Traditional names (name_en, name_cn,
 * name_hk), else the name the data calls its own.
 */
import type { Language } from '../i18n/locales';
import { hasHan } from './catalog-text';

export interface ScriptNames {
  en?: string;
  /** Simplified Chinese (name_cn). */
  hans?: string;
  /** Traditional Chinese (name_hk). */
  hant?: string;
}

export function localName(name: string, names: ScriptNames, language: Language): string {
  const chinese = hasHan(name) ? name : undefined;
  const pick = (...candidates: (string | undefined)[]) => candidates.find((candidate) => candidate !== undefined && candidate !== '') ?? name;
  if (language === 'zh-CN') return pick(names.hans, chinese, names.hant);
  if (language === 'zh-TW' || language === 'zh-HK') return pick(names.hant, names.hans, chinese);
  return pick(names.en);
}
