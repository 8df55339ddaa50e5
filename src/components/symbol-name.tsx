/**
 * A symbol's name as a trader reads it: in the language's script (useLocalName), an HK stock's
 * code beside it as Hong Kong writes it (00700 騰訊控股), while the symbol itself stays 700.HK.
 */
import { HK_CODE_CLASS, hkDisplayCode } from '../lib/hk-code';
import { useLocalName } from '../queries/use-local-name';

interface SymbolNameProps {
  symbol: string;
  /** The data's own name (the ticker's), shown until the catalogue's names are in. */
  name: string | undefined;
  /** False where the code is shown elsewhere (a watchlist row has it beside its symbol: the name keeps the room). */
  withCode?: boolean;
}

export function SymbolName({ symbol, name, withCode = true }: SymbolNameProps) {
  const shown = useLocalName(symbol, name);
  if (shown === undefined) return null;
  const code = withCode ? hkDisplayCode(symbol) : undefined;
  return (
    <>
      {code !== undefined && <span className={HK_CODE_CLASS}>{code}</span>}
      <span data-testid="symbol-name">{shown}</span>
    </>
  );
}
