/** Built by vite-plugins/chinese-script-dicts.ts from opencc-js's dictionaries (OpenCC's serialised form). */
declare module 'virtual:chinese-script-dicts' {
  export const characters: string;
  export const phrases: string;
  export const hkVariants: string;
  export const hkVariantPhrases: string;
  export const twVariants: string;
  export const twVariantPhrases: string;
}
