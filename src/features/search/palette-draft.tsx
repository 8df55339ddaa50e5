/**
 * The palette's stand-in while its code downloads: the same dialog and search field, so what a
 * trader types right after Ctrl+K (and an Enter) is kept, not lost to the page. The palette starts
 * from the draft when it arrives (SearchPalette `draft`). Small and in the app's chunk on purpose:
 * it must be there before the first keystroke.
 */
import { t } from '../../i18n/t';
import { useLayoutEffect, useRef } from 'react';
import { PaletteDialog } from './palette-dialog';
import type { PaletteDraftHolder } from './palette-draft-holder';

interface PaletteDraftProps {
  draft: PaletteDraftHolder;
  onClose: () => void;
}

export function PaletteDraft({ draft, onClose }: PaletteDraftProps) {
  const input = useRef<HTMLInputElement>(null);
  // At the commit (the dialog focuses the field in the same one): the keys the page took for the
  // draft since this rendered are in the field, and the field takes the keys from now on.
  useLayoutEffect(() => {
    const field = input.current;
    if (field) field.value = draft.read().text;
    draft.shown();
  }, [draft]);
  return (
    <PaletteDialog label={t('Search symbols')} onClose={onClose} initialFocus={input}>
      <div className="flex flex-col gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <input
          ref={input}
          type="text"
          aria-label={t('Search symbols')}
          placeholder={t('Symbol, name or pinyin, e.g. 700, NVDA, Tencent, gzmt')}
          autoComplete="off"
          spellCheck={false}
          defaultValue={draft.read().text}
          onInput={(event) => {
            draft.type(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              draft.enter();
            }
          }}
          className="min-w-0 flex-1 rounded border border-slate-300 bg-transparent px-2 py-1.5 text-base focus:outline-2 focus:outline-sky-500 dark:border-slate-700"
        />
      </div>
      <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400" role="status">
        {t('Loading search…')}
      </p>
    </PaletteDialog>
  );
}
