/**
 * The drawing toolbar: on a wide screen a column left of the chart, in the room the chart stage
 * keeps for it (collapsible), on a phone one "Draw" button over the chart that opens the same
 * tools and actions as a menu.
 */
import { t } from '../../../i18n/t';
import { useLanguage } from '../../../i18n/use-language';
import { useId, useState } from 'react';
import { useAppStore } from '../../../store/app-store';
import { TOOL_KINDS, toolLabel, type Drawing, type DrawingStyle, type ToolKind } from './drawing-model';
import { drawingsFileName, drawingsFileText, readDrawingsFile } from './drawings-file';
import { useDrawingsStore } from './drawings-store';
import { ToolIcon } from './tool-icons';
import { DIVIDER, PHONE_MENU, PHONE_MENU_BUTTON, PRESSED, TOOL_COLUMN } from './ui-style';

export interface DrawingToolbarProps {
  symbol: string;
  drawings: readonly Drawing[];
  tool: ToolKind | undefined;
  onTool: (tool: ToolKind | undefined) => void;
  magnet: boolean;
  onMagnet: (on: boolean) => void;
  allHidden: boolean;
  style: DrawingStyle;
  onStyle: (style: DrawingStyle) => void;
}

const BUTTON = 'flex h-7 w-7 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700';
const MENU_ITEM = 'flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-700';
const pressedStyle = (pressed: boolean | undefined) => (pressed ? PRESSED : undefined);

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1_000);
}

export function DrawingToolbar({ symbol, drawings, tool, onTool, magnet, onMagnet, allHidden }: DrawingToolbarProps) {
  useLanguage();
  const open = useDrawingsStore((state) => state.toolbarOpen);
  const [menuOpen, setMenuOpen] = useState(false);
  const fileInputId = useId();
  const store = useDrawingsStore;

  const pick = (kind: ToolKind): void => {
    // Drawing while everything is hidden would draw unseen: show them again.
    if (allHidden) store.getState().setHidden(false);
    onTool(tool === kind ? undefined : kind);
    setMenuOpen(false);
  };
  const importFile = async (file: File): Promise<void> => {
    const { pushNotice } = useAppStore.getState();
    let text: string;
    try {
      text = await file.text();
    } catch {
      pushNotice('warning', t('The file could not be read: no drawings were imported.'));
      return;
    }
    const result = readDrawingsFile(text, symbol);
    if (!result.ok) {
      pushNotice('warning', result.message);
      return;
    }
    store.getState().addMany(symbol, result.drawings);
    const skipped = result.skipped > 0 ? t(' ({n} invalid skipped)', { n: result.skipped }) : '';
    pushNotice('info', t('Imported {count} drawings to {symbol}{skipped}.', { count: result.drawings.length, symbol, skipped }));
  };

  // Undo and redo as buttons too: a phone has no Ctrl+Z.
  const canUndo = useDrawingsStore((state) => (state.history[symbol]?.past.length ?? 0) > 0);
  const canRedo = useDrawingsStore((state) => (state.history[symbol]?.future.length ?? 0) > 0);
  const actions = [
    {
      label: t('Undo'),
      run: () => {
        store.getState().undo(symbol);
      },
      glyph: '↶',
      disabled: !canUndo,
    },
    {
      label: t('Redo'),
      run: () => {
        store.getState().redo(symbol);
      },
      glyph: '↷',
      disabled: !canRedo,
    },
    {
      label: t('Magnet'),
      pressed: magnet,
      run: () => {
        onMagnet(!magnet);
      },
      glyph: 'U',
    },
    {
      label: t('Hide all drawings'),
      pressed: allHidden,
      run: () => {
        store.getState().setHidden(!allHidden);
      },
      glyph: '◐',
    },
    {
      label: t('Remove all drawings'),
      run: () => {
        store.getState().removeAll(symbol);
      },
      glyph: '✕',
      disabled: drawings.length === 0,
    },
    {
      label: t('Export drawings'),
      run: () => {
        download(drawingsFileName(symbol), drawingsFileText(symbol, drawings));
      },
      glyph: '⇩',
      disabled: drawings.length === 0,
    },
    {
      label: t('Import drawings'),
      run: () => {
        document.getElementById(fileInputId)?.click();
      },
      glyph: '⇧',
    },
  ];

  return (
    <>
      <input
        id={fileInputId}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label={t('Drawings file to import')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {/* Wide screens: a column left of the chart (under the chart toolbar when that unfolds over it). */}
      <div
        role="toolbar"
        aria-label={t('Drawing tools')}
        aria-orientation="vertical"
        className="absolute z-10 hidden flex-col gap-0.5 overflow-y-auto rounded border border-slate-200 bg-white shadow-lg sm:flex dark:border-slate-700 dark:bg-slate-900"
        style={TOOL_COLUMN}
      >
        <button
          type="button"
          className={BUTTON}
          aria-expanded={open}
          aria-label={t(open ? 'Collapse drawing tools' : 'Expand drawing tools')}
          title={t(open ? 'Collapse drawing tools' : 'Drawing tools')}
          onClick={() => {
            useDrawingsStore.getState().setToolbarOpen(!open);
          }}
        >
          <span aria-hidden="true">{open ? '«' : '✎'}</span>
        </button>
        {open && (
          <>
            {TOOL_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className={BUTTON}
                style={pressedStyle(tool === kind)}
                aria-pressed={tool === kind}
                aria-label={toolLabel(kind)}
                title={toolLabel(kind)}
                onClick={() => {
                  pick(kind);
                }}
              >
                <ToolIcon kind={kind} />
              </button>
            ))}
            <hr className="border-slate-200 dark:border-slate-700" style={DIVIDER} />
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={BUTTON}
                aria-label={action.label}
                title={action.label}
                disabled={action.disabled}
                aria-pressed={action.pressed}
                style={pressedStyle(action.pressed)}
                onClick={action.run}
              >
                <span aria-hidden="true" className="text-sm">
                  {action.glyph}
                </span>
              </button>
            ))}
          </>
        )}
      </div>
      {/* Phones: one button, the tools as a menu; under the toolbar's layer (z-20), which unfolds over it. */}
      <div className="absolute left-2 z-10 sm:hidden" style={PHONE_MENU_BUTTON}>
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          className="flex h-7 items-center gap-1 rounded border border-slate-200 bg-white px-2 text-sm text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
          onClick={() => {
            setMenuOpen(!menuOpen);
          }}
        >
          {tool ? <ToolIcon kind={tool} /> : <span aria-hidden="true">✎</span>}
          {tool ? toolLabel(tool) : t('Draw')}
        </button>
        {menuOpen && (
          <div
            role="menu"
            aria-label={t('Drawing tools')}
            style={PHONE_MENU}
            className="mt-1 overflow-y-auto rounded border border-slate-200 bg-white py-1 text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
          >
            {TOOL_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                role="menuitemradio"
                aria-checked={tool === kind}
                className={MENU_ITEM}
                style={pressedStyle(tool === kind)}
                onClick={() => {
                  pick(kind);
                }}
              >
                <ToolIcon kind={kind} />
                {toolLabel(kind)}
              </button>
            ))}
            <hr className="border-slate-200 dark:border-slate-700" style={DIVIDER} />
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                role={action.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
                className={MENU_ITEM}
                disabled={action.disabled}
                aria-checked={action.pressed}
                style={pressedStyle(action.pressed)}
                onClick={() => {
                  action.run();
                  setMenuOpen(false);
                }}
              >
                <span aria-hidden="true" className="w-3 text-center">
                  {action.glyph}
                </span>
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
