/**
 * The floor of the HK table figures: the same feed (`/v1/market/ticker/hk-stock`) drawn as a plain
 * windowed table with no framework (the rows in view plus as many again as the app's overscan,
 * 28 px each), sorted by a header click, with the app's test id and User Timing marks so that
 * bench/browser/hk-table.ts measures both pages with one code.
 */
import { markAfterPaint } from './after-paint.ts';
import { fullPageColumn } from './layout.ts';

interface HkTicker {
  symbol: string;
  name: string;
  last_price: string;
  price_change_24h?: string;
  price_change_percent_24h?: string;
  volume_24h?: string;
  quote_volume_24h?: string;
  high_24h?: string;
}

const ROW_HEIGHT = 28;
const OVERSCAN = 12;
/** Header text → the value sorted on (numbers descending first, as the app does; names ascending). */
const COLUMNS: readonly [string, (row: HkTicker) => string | number][] = [
  ['Code', (row) => Number(row.symbol)],
  ['Name', (row) => row.name],
  ['Last', (row) => Number(row.last_price)],
  ['Change %', (row) => Number(row.price_change_percent_24h ?? 0)],
  ['Volume', (row) => Number(row.volume_24h ?? 0)],
  ['Turnover', (row) => Number(row.quote_volume_24h ?? 0)],
  ['High', (row) => Number(row.high_24h ?? 0)],
];

const column = fullPageColumn();
Object.assign(column.style, { color: '#e2e8f0', font: '12px system-ui' });
const header = document.createElement('table');
const headRow = document.createElement('tr');
header.createTHead().append(headRow);
const scroller = document.createElement('div');
scroller.dataset.testid = 'hk-table-scroll';
Object.assign(scroller.style, { flex: '1 1 0', overflow: 'auto', position: 'relative' });
const spacer = document.createElement('div');
const body = document.createElement('div');
Object.assign(body.style, { position: 'absolute', left: '0', right: '0', top: '0' });
scroller.append(spacer, body);
column.append(header, scroller);

let rows: HkTicker[] = [];
let sortedBy = '';
let descending = true;

function draw(): void {
  const first = Math.max(0, Math.floor(scroller.scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW_HEIGHT) + OVERSCAN);
  body.style.top = `${String(first * ROW_HEIGHT)}px`;
  const lines: HTMLDivElement[] = [];
  for (let i = first; i < last; i++) {
    const row = rows[i] as HkTicker;
    const line = document.createElement('div');
    Object.assign(line.style, { height: `${String(ROW_HEIGHT)}px`, display: 'flex', gap: '12px' });
    for (const [, value] of COLUMNS) {
      const cell = document.createElement('span');
      cell.style.width = '80px';
      cell.textContent = String(value(row));
      line.append(cell);
    }
    lines.push(line);
  }
  body.replaceChildren(...lines);
}

for (const [label, value] of COLUMNS) {
  const cell = document.createElement('th');
  const button = document.createElement('button');
  button.textContent = label;
  button.addEventListener('click', () => {
    descending = sortedBy === label ? !descending : typeof value(rows[0] as HkTicker) === 'number';
    sortedBy = label;
    const sign = descending ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
    });
    draw();
    markAfterPaint('chartroom:hk-sorted');
  });
  cell.append(button);
  headRow.append(cell);
}

scroller.addEventListener('scroll', draw, { passive: true });

void fetch('/v1/market/ticker/hk-stock', { headers: { Accept: 'application/json' } })
  .then((response) => response.json() as Promise<{ data: HkTicker[] }>)
  .then(({ data }) => {
    rows = data;
    spacer.style.height = `${String(rows.length * ROW_HEIGHT)}px`;
    draw();
    markAfterPaint('chartroom:hk-rows-drawn');
  });
