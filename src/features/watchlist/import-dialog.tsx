/**
 * Import symbols into a list: pasted text ("AAPL, 700.HK BTCUSDT", any separators) or a CSV file
 * (the export's, or one symbol a line). The good symbols are added at the list's end; the dialog
 * then says what was added and names each symbol it could not add, and why. Loaded on demand.
 */
import { t } from '../../i18n/t';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { rememberedType } from '../../components/use-symbol-entry';
import { catalogQueryOptions } from '../../queries/use-catalog';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';
import { planImport, type ImportPlan } from './import-symbols';
import { listName } from '../../store/watchlist-name';
import { csvSymbols, pastedSymbols } from './symbol-list-text';

type Outcome = { kind: 'done'; plan: ImportPlan } | { kind: 'failed' } | { kind: 'empty' };

const BUTTON = 'rounded px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-sky-500';

function Report({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'failed') return <p className="text-amber-700 dark:text-amber-300">{t('The catalogue did not load (offline?). Try again.')}</p>;
  if (outcome.kind === 'empty') return <p className="text-amber-700 dark:text-amber-300">{t('No symbols found. Paste symbols or choose a CSV file.')}</p>;
  const { add, present, unknown, ambiguous } = outcome.plan;
  const line = (symbols: readonly string[], text: string, tone: string, testId: string) =>
    symbols.length > 0 && (
      <li className={tone} data-testid={testId}>
        {text} {symbols.join(', ')}
      </li>
    );
  return (
    <ul className="flex flex-col gap-1" data-testid="import-report">
      <li data-testid="import-added">{t('Symbols added: {added}.', { added: add.length })}</li>
      {line(present, t('Already in the list:'), 'text-slate-500 dark:text-slate-400', 'import-present')}
      {line(unknown, t('Not in the catalogue:'), 'text-red-700 dark:text-red-300', 'import-unknown')}
      {line(ambiguous, t('Listed under several types (add them from the box to choose):'), 'text-amber-700 dark:text-amber-300', 'import-ambiguous')}
    </ul>
  );
}

export function ImportDialog({ list, onClose }: { list: Watchlist; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const baseId = useId();

  const run = async (symbols: string[]) => {
    if (symbols.length === 0) {
      setOutcome({ kind: 'empty' });
      return;
    }
    setBusy(true);
    try {
      const catalog = await queryClient.query(catalogQueryOptions());
      const store = useAppStore.getState();
      const current = store.watchlists.find(({ id }) => id === list.id)?.symbols ?? [];
      const plan = planImport(symbols, current, catalog, rememberedType);
      for (const { symbol, type } of plan.add) {
        if (type) store.rememberType(symbol, type);
        store.addSymbol(list.id, symbol);
      }
      setOutcome({ kind: 'done', plan });
      setText('');
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal label={t('Import symbols into {name}', { name: listName(list) })} onClose={onClose}>
      <div className="flex flex-col gap-3 p-4 text-sm">
        <h2 className="text-base font-semibold">{t('Import symbols into {name}', { name: listName(list) })}</h2>
        <label htmlFor={`${baseId}-text`} className="font-medium">
          {t('Paste symbols (separated by commas, spaces or lines)')}
        </label>
        <textarea
          id={`${baseId}-text`}
          rows={4}
          value={text}
          placeholder="AAPL.US, 700.HK BTCUSDT"
          onChange={(event) => {
            setText(event.target.value);
          }}
          className="rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
        />
        <label htmlFor={`${baseId}-file`} className="font-medium">
          {t('Or a CSV file (the export, or one symbol a line)')}
        </label>
        <input
          id={`${baseId}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void file.text().then((content) => run(csvSymbols(content, [t('symbol')])));
          }}
          className="text-sm"
        />
        <div aria-live="polite">{outcome && <Report outcome={outcome} />}</div>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(pastedSymbols(text))}
            className={`${BUTTON} bg-sky-600 font-medium text-white hover:bg-sky-700 disabled:opacity-60`}
          >
            {t('Import')}
          </button>
          <button type="button" onClick={onClose} className={`${BUTTON} hover:bg-slate-100 dark:hover:bg-slate-800`}>
            {t('Close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
