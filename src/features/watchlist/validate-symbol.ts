// The symbol checks moved to src/lib/symbol-input.ts, shared with the alert dialog.
export * from '../../lib/symbol-input';
