/** The add box's place while its code loads (a few ms after the panel renders): the same size, not yet usable. */
export function AddSymbolPlaceholder() {
  return (
    <div className="px-2 pb-1" aria-hidden="true">
      <div className="flex gap-1">
        <input disabled tabIndex={-1} placeholder="Add symbol or name, e.g. 700, Tencent" className="min-w-0 flex-1 rounded border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700" />
        <span className="rounded border border-slate-300 px-2 text-sm leading-7 dark:border-slate-700">Add</span>
      </div>
      <p className="min-h-4 pt-0.5 text-xs" />
    </div>
  );
}
