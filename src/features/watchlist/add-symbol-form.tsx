/**
 * "Add symbol" for one list: the shared add box over the whole catalogue
 * (src/components/symbol-add-box.tsx), adding to this list.
 */
import { t } from '../../i18n/t';
import { SymbolAddBox } from '../../components/symbol-add-box';
import { useSymbolEntry } from '../../components/use-symbol-entry';
import { useAppStore } from '../../store/app-store';

interface AddSymbolFormProps {
  listId: string;
  listName: string;
  symbols: readonly string[];
}

export function AddSymbolForm({ listId, listName, symbols }: AddSymbolFormProps) {
  const entry = useSymbolEntry((symbol) => {
    useAppStore.getState().addSymbol(listId, symbol);
    return { tone: 'ok', text: t('Added {symbol} to {list}.', { symbol, list: listName }) };
  });
  return (
    <div className="px-2 pb-1">
      <SymbolAddBox entry={entry} existing={symbols} label={t('Add symbol')} placeholder={t('Add symbol or name, e.g. 700, Tencent')} />
    </div>
  );
}
