/**
 * The catalogs against the code: every message the app says is in both Chinese catalogs with the
 * same `{parameters}`, and every message of the list is said somewhere in src/ (as a literal: a
 * `t('…')` or a table of messages), so no catalog carries words the app no longer has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONE } from './english-plurals';
import { MESSAGES } from './messages';
import pseudo, { pseudoText } from './pseudo';
import zhHans from './zh-hans';
import zhHant from './zh-hant';

const SRC = join(import.meta.dirname, '..');

/** The lists and catalogs themselves, which hold every message whether the app says it or not. */
const LISTS = /\/i18n\/(messages|english-plurals|zh-hans|zh-hant|pseudo)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) && !LISTS.test(path) ? [path] : [];
  });
}

const params = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
const CATALOGS = { 'zh-Hans': zhHans as Record<string, string>, 'zh-Hant': zhHant as Record<string, string> };

describe('message catalogs', () => {
  it.each(Object.entries(CATALOGS))('%s has every message, no other, with the same parameters', (_name, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual([...MESSAGES].sort());
    for (const message of MESSAGES) {
      const text = catalog[message] ?? '';
      expect(text.trim(), message).not.toBe('');
      expect(params(text), message).toEqual(params(message.replace(/\|.*$/, '')));
    }
  });

  it('has no message that the code does not say', () => {
    // The dashboard's code, and what it takes from shared/ (the currencies' names a pair's name is made of).
    const code = [...sourceFiles(SRC), ...sourceFiles(join(SRC, '..', 'shared'))].map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = MESSAGES.filter((message) => !code.includes(`'${message}'`) && !code.includes(`"${message}"`));
    expect(unused).toEqual([]);
  });

  it('gives every message said with a count its English singular', () => {
    const code = sourceFiles(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const counted = [...code.matchAll(/\bt\('([^']+)',\s*\{[^}]*\bcount\b/g)].map((match) => match[1] ?? '');
    expect(counted.length).toBeGreaterThan(5);
    expect(counted.filter((message) => !(message in ENGLISH_ONE))).toEqual([]);
  });

  it('keeps English singulars for plural messages only, with the same parameters', () => {
    for (const [plural, one] of Object.entries(ENGLISH_ONE)) {
      expect(MESSAGES).toContain(plural);
      expect(params(one)).toEqual(params(plural));
    }
  });

  it('holds no message twice, and no Chinese in the English list', () => {
    expect(new Set(MESSAGES).size).toBe(MESSAGES.length);
    expect(MESSAGES.filter((message) => /\p{Script=Han}/u.test(message))).toEqual([]);
  });

  it('writes the pseudo-locale bracketed and accented, parameters kept', () => {
    expect(pseudoText('Watchlist')).toBe('[Ŵàţçĥļîšţ]');
    expect(pseudoText('Added {symbol} to {list}.')).toBe('[Àddéd {symbol} ţö {list}.]');
    expect(Object.keys(pseudo).length).toBe(MESSAGES.length);
  });
});
