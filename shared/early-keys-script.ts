/**
 * The page's one inline script, first in index.html's head (vite-plugins/early-keys-script.ts):
 * from the page's first moment, long before the boot script has loaded and compiled, it holds the
 * key presses the boot would act on (Ctrl/Cmd+K, a character, Enter, Backspace, Escape), their default
 * prevented, in `window.chartroomKeys`; the boot removes its listener (`.h`) and takes them over
 * in order (src/app/boot/early-keys.ts). The production CSP allows it by its hash
 * (server/security-headers.ts), and nothing else inline. Kept tiny: every page carries it.
 */
export const EARLY_KEYS_SCRIPT =
  '(function(q){window.chartroomKeys=q;q.h=function(e){var k=e.key;if(e.ctrlKey||e.metaKey?k=="k"||k=="K":k.length==1||k=="Enter"||k=="Backspace"||k=="Escape"){e.preventDefault();q.push(e)}};addEventListener("keydown",q.h)})([])';
