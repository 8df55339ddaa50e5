/**
 * The palette's stand-in while its code downloads: the same dialog and search field, so what a
 * trader types right after Ctrl+K (and an Enter) is kept, not lost to the page. The palette starts
 * from the draft when it arrives (SearchPalette `draft`). Small and in the app's chunk on purpose:
 * it must be there before the first keystroke.
 */
import { t } from '../../i18n/t';
import { useRef } from 'react';
import { PaletteDialog } from './palette-dialog';

/** What was typed into the stand-in, and whether Enter was pressed on it. */
export interface PaletteDraftValue {
  text: string;
  enter: boolean;
}

/** One opening's draft, written as the user types (typing re-renders nothing above the stand-in). */
export interface PaletteDraftHolder {
  read: () => PaletteDraftValue;
  type: (text: string) => void;
  enter: () => void;
}

/** A draft starting empty, or from what was typed before the app was there (app/boot/early-keys.ts). */
export function createPaletteDraft(initial: PaletteDraftValue): PaletteDraftHolder {
  let value: PaletteDraftValue = { ...initial };
  return {
    read: () => value,
    type: (text) => {
      value = { text, enter: false };
    },
    enter: () => {
      value = { ...value, enter: value.text.trim() !== '' };
    },
  };
}

interface PaletteDraftProps {
  draft: PaletteDraftHolder;
  onClose: () => void;
}

export function PaletteDraft({ draft, onClose }: PaletteDraftProps) {
  const input = useRef<HTMLInputElement>(null);
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
