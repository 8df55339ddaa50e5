/**
 * The drawing toolbar: on a wide screen a column over the chart's left edge (collapsible), on a
 * phone one "Draw" button that opens the same tools and actions as a menu.
 */
import { useId, useState } from 'react';
import { useAppStore } from '../../../store/app-store';
import { TOOL_KINDS, TOOL_LABELS, type Drawing, type DrawingStyle, type ToolKind } from './drawing-model';
import { drawingsFileName, drawingsFileText, readDrawingsFile } from './drawings-file';
import { useDrawingsStore } from './drawings-store';
import { ToolIcon } from './tool-icons';

export interface DrawingToolbarProps {
  symbol: string;
  drawings: readonly Drawing[];
  tool: ToolKind | undefined;
  onTool: (tool: ToolKind | undefined) => void;
  magnet: boolean;
  onMagnet: (on: boolean) => void;
  hidden: boolean;
  style: DrawingStyle;
  onStyle: (style: DrawingStyle) => void;
}

const BUTTON =
  'flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 aria-pressed:bg-blue-600 aria-pressed:text-white dark:text-slate-300 dark:hover:bg-slate-700';
const MENU_ITEM = 'flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 aria-checked:bg-blue-600 aria-checked:text-white dark:hover:bg-slate-700';

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

export function DrawingToolbar({ symbol, drawings, tool, onTool, magnet, onMagnet, hidden }: DrawingToolbarProps) {
  const [open, setOpen] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const fileInputId = useId();
  const store = useDrawingsStore;

  const pick = (kind: ToolKind): void => {
    onTool(tool === kind ? undefined : kind);
    setMenuOpen(false);
  };
  const importFile = async (file: File): Promise<void> => {
    const { pushNotice } = useAppStore.getState();
    let text: string;
    try {
      text = await file.text();
    } catch {
      pushNotice('warning', 'The file could not be read: no drawings were imported.');
      return;
    }
    const result = readDrawingsFile(text, symbol);
    if (!result.ok) {
      pushNotice('warning', result.message);
      return;
    }
    store.getState().addMany(symbol, result.drawings);
    const skipped = result.skipped > 0 ? ` (${String(result.skipped)} invalid skipped)` : '';
    pushNotice('info', `Imported ${String(result.drawings.length)} drawing${result.drawings.length === 1 ? '' : 's'} to ${symbol}${skipped}.`);
  };

  const actions = [
    { label: 'Magnet', pressed: magnet, run: () => { onMagnet(!magnet); }, glyph: 'U' },
    { label: 'Hide all drawings', pressed: hidden, run: () => { store.getState().setHidden(!hidden); }, glyph: '◐' },
    { label: 'Remove all drawings', run: () => { store.getState().removeAll(symbol); }, glyph: '✕', disabled: drawings.length === 0 },
    { label: 'Export drawings', run: () => { download(drawingsFileName(symbol), drawingsFileText(symbol, drawings)); }, glyph: '⇩', disabled: drawings.length === 0 },
    { label: 'Import drawings', run: () => { document.getElementById(fileInputId)?.click(); }, glyph: '⇧' },
  ];

  return (
    <>
      <input
        id={fileInputId}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label="Drawings file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {/* Wide screens: a column over the chart's left edge. */}
      <div
        role="toolbar"
        aria-label="Drawing tools"
        aria-orientation="vertical"
        className="absolute top-12 left-1 z-20 hidden max-h-[calc(100%-3.5rem)] flex-col gap-0.5 overflow-y-auto rounded border border-slate-200 bg-white/90 p-0.5 shadow-sm sm:flex dark:border-slate-700 dark:bg-slate-900/90"
      >
        <button type="button" className={BUTTON} aria-expanded={open} aria-label={open ? 'Collapse drawing tools' : 'Expand drawing tools'} title={open ? 'Collapse drawing tools' : 'Drawing tools'} onClick={() => { setOpen(!open); }}>
          <span aria-hidden="true">{open ? '«' : '✎'}</span>
        </button>
        {open && (
          <>
            {TOOL_KINDS.map((kind) => (
              <button key={kind} type="button" className={BUTTON} aria-pressed={tool === kind} aria-label={TOOL_LABELS[kind]} title={TOOL_LABELS[kind]} onClick={() => { pick(kind); }}>
                <ToolIcon kind={kind} />
              </button>
            ))}
            <hr className="my-0.5 border-slate-200 dark:border-slate-700" />
            {actions.map((action) => (
              <button key={action.label} type="button" className={BUTTON} aria-label={action.label} title={action.label} disabled={action.disabled} aria-pressed={action.pressed} onClick={action.run}>
                <span aria-hidden="true" className="text-sm">{action.glyph}</span>
              </button>
            ))}
          </>
        )}
      </div>
      {/* Phones: one button, the tools as a menu. */}
      <div className="absolute top-16 left-1 z-20 sm:hidden">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          className="flex h-8 items-center gap-1 rounded border border-slate-200 bg-white/90 px-2 text-sm text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900/90 dark:text-slate-200"
          onClick={() => { setMenuOpen(!menuOpen); }}
        >
          {tool ? <ToolIcon kind={tool} /> : <span aria-hidden="true">✎</span>}
          {tool ? TOOL_LABELS[tool] : 'Draw'}
        </button>
        {menuOpen && (
          <div role="menu" aria-label="Drawing tools" className="mt-1 max-h-[300px] w-56 overflow-y-auto rounded border border-slate-200 bg-white py-1 text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
            {TOOL_KINDS.map((kind) => (
              <button key={kind} type="button" role="menuitemradio" aria-checked={tool === kind} className={MENU_ITEM} onClick={() => { pick(kind); }}>
                <ToolIcon kind={kind} />
                {TOOL_LABELS[kind]}
              </button>
            ))}
            <hr className="my-1 border-slate-200 dark:border-slate-700" />
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                role={action.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
                className={MENU_ITEM}
                disabled={action.disabled}
                aria-checked={action.pressed}
                onClick={() => {
                  action.run();
                  setMenuOpen(false);
                }}
              >
                <span aria-hidden="true" className="w-[18px] text-center">{action.glyph}</span>
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
