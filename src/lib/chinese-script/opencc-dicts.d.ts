/** opencc-js's dictionaries (its exports map dict/<name> to a module of one string): OpenCC's serialised form, "源 目標 另一目標|…". */
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
