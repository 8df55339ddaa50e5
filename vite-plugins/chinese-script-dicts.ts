/**
 * `virtual:chinese-script-dicts`: what a symbol's name needs of OpenCC's Simplified-to-Traditional
 * dictionaries (opencc-js), chosen at build time:
 * - each character's first Traditional form (STCharacters);
 * - the two-character phrases whose Traditional is not their characters' (制药 製藥: 制 alone stays
 *   制), from STPhrases;
 * - the Hong Kong and Taiwan variants, with their phrases.
 * OpenCC's whole phrase list is 404 KB gzip, most of it longer phrases and words whose characters
 * convert alone already; these dictionaries are about 50 KB, loaded only in Traditional Chinese.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:chinese-script-dicts';
const RESOLVED_ID = `\0${MODULE_ID}`;

/** The dictionary files the module is made from (opencc-js/dist/esm-lib/dict/<name>.js). */
const SOURCES = ['STCharacters', 'STPhrases', 'HKVariants', 'HKVariantsPhrases', 'TWVariants', 'TWVariantsPhrases'] as const;
type Source = (typeof SOURCES)[number];

export interface ChineseScriptDicts {
  characters: string;
  phrases: string;
  hkVariants: string;
  hkVariantPhrases: string;
  twVariants: string;
  twVariantPhrases: string;
}

/** OpenCC's serialised dictionary ("简 簡|发 發 髮") as pairs of a source and its first candidate. */
function entries(dict: string): [string, string][] {
  return dict
    .split('|')
    .map((entry) => entry.split(' '))
    .filter((parts): parts is [string, string, ...string[]] => parts.length >= 2 && parts[0] !== '' && parts[1] !== '')
    .map(([source, first]) => [source, first]);
}

const serialise = (pairs: readonly [string, string][]): string => pairs.map(([source, target]) => `${source} ${target}`).join('|');

/** The dictionaries names need, from OpenCC's. */
export function chineseScriptDicts(sources: Record<Source, string>): ChineseScriptDicts {
  const characters = entries(sources.STCharacters);
  const byCharacter = new Map(characters);
  const alone = (text: string): string => Array.from(text, (character) => byCharacter.get(character) ?? character).join('');
  const phrases = entries(sources.STPhrases).filter(([source, target]) => Array.from(source).length === 2 && alone(source) !== target);
  return {
    characters: serialise(characters),
    phrases: serialise(phrases),
    hkVariants: sources.HKVariants,
    hkVariantPhrases: sources.HKVariantsPhrases,
    twVariants: sources.TWVariants,
    twVariantPhrases: sources.TWVariantsPhrases,
  };
}

/** A dictionary module of opencc-js: `export default "…";`. */
async function readSource(directory: string, name: Source): Promise<string> {
  const text = await readFile(join(directory, `${name}.js`), 'utf8');
  const literal = /export default ("(?:[^"\\]|\\.)*");/.exec(text)?.[1];
  if (literal === undefined) throw new Error(`opencc-js dictionary ${name}: no default export found`);
  return JSON.parse(literal) as string;
}

export async function readChineseScriptDicts(): Promise<ChineseScriptDicts> {
  const require = createRequire(import.meta.url);
  // The package exports its files, not its package.json: its core module lies beside dict/.
  const directory = join(dirname(require.resolve('opencc-js/core')), 'dict');
  const sources = Object.fromEntries(await Promise.all(SOURCES.map(async (name) => [name, await readSource(directory, name)] as const)));
  return chineseScriptDicts(sources as Record<Source, string>);
}

export function chineseScriptDictsPlugin(): Plugin {
  return {
    name: 'chartroom:chinese-script-dicts',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const dicts = await readChineseScriptDicts();
      return Object.entries(dicts)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
