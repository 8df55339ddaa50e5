/** What the app imports to speak: `t` and the type of its keys (see messages.ts). */
export { t, type MessageKey, type Params } from './translate';
