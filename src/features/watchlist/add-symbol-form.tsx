/**
 * "Add symbol" for one list: any symbol shape of the contract, normalised (00700.HK → 700.HK).
 * Bad input keeps its text and says what is wrong; a good one is added and the box is cleared.
 */
import { useId, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import { parseSymbolInput } from './validate-symbol';

interface AddSymbolFormProps {
  listId: string;
  listName: string;
  symbols: readonly string[];
}

type Feedback = { tone: 'error' | 'ok'; text: string } | undefined;

export function AddSymbolForm({ listId, listName, symbols }: AddSymbolFormProps) {
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const messageId = useId();
  const invalid = feedback?.tone === 'error';

  return (
    <form
      noValidate
      className="px-2 pb-1"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseSymbolInput(text, symbols);
        if (!parsed.ok) {
          setFeedback({ tone: 'error', text: parsed.message });
          return;
        }
        useAppStore.getState().addSymbol(listId, parsed.symbol);
        setText('');
        setFeedback({ tone: 'ok', text: `Added ${parsed.symbol} to ${listName}.` });
      }}
    >
      <div className="flex gap-1">
        <input
          aria-label="Add symbol"
          aria-invalid={invalid}
          aria-describedby={feedback ? messageId : undefined}
          placeholder="Add symbol, e.g. 700.HK"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (feedback?.tone === 'ok') setFeedback(undefined);
          }}
          className={`min-w-0 flex-1 rounded border bg-transparent px-2 py-1 text-sm focus:outline-2 focus:outline-sky-500 ${
            invalid ? 'border-amber-500' : 'border-slate-300 dark:border-slate-700'
          }`}
        />
        <button type="submit" className="rounded border border-slate-300 px-2 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
          Add
        </button>
      </div>
      <p id={messageId} aria-live="polite" className={`min-h-4 pt-0.5 text-xs ${invalid ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}>
        {feedback?.text}
      </p>
    </form>
  );
}
