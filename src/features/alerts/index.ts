/**
 * The alerts' one entry, loaded on demand after the first candle (app.tsx, lazyWithPreload): the
 * panel (with its "New alert" trigger) and the runtime (dialog, feeds, lines, toasts) come in one
 * chunk, so the dialog's code is there whenever one of its triggers can be clicked.
 */
export { AlertsPanel } from './alerts-panel';
export { AlertsRuntime } from './alerts-runtime';
