/** Chinese characters, in a module of their own: the first page tests names with it without the catalogue search's text code. */
export const HAN = /\p{Script=Han}/u;

/** Whether the text holds a Chinese character. */
export function hasHan(text: string): boolean {
  return HAN.test(text);
}
