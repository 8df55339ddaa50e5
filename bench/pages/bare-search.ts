/**
 * The floor of the search keystroke figure: the same catalogue (CATALOG_PATH) filtered by a plain
 * input with no framework: a case-insensitive substring of the symbol or any name, the first 50
 * matches listed. Its box and count carry the palette's names so that
 * bench/browser/search-keystroke.ts measures both pages with one code.
 */
import { CATALOG_PATH, type CatalogIndex } from '../../shared/catalog.ts';
import { fullPageColumn } from './layout.ts';

const SHOWN = 50;

const column = fullPageColumn();
Object.assign(column.style, { color: '#e2e8f0', font: '13px system-ui' });
const input = document.createElement('input');
input.setAttribute('role', 'combobox');
input.setAttribute('aria-label', 'Search symbols');
const count = document.createElement('p');
count.dataset.testid = 'search-count';
const list = document.createElement('ul');
list.setAttribute('role', 'listbox');
column.append(input, count, list);

void fetch(CATALOG_PATH)
  .then((response) => response.json() as Promise<CatalogIndex>)
  .then(({ entries }) => {
    // What each entry is found by, lower-cased once.
    const haystacks = entries.map((entry) => [entry[0], entry[3], entry[4], entry[5], entry[6], entry[7], entry[8]].join(' ').toLowerCase());
    const show = () => {
      const query = input.value.trim().toLowerCase();
      const matches: number[] = [];
      haystacks.forEach((text, index) => {
        if (query === '' || text.includes(query)) matches.push(index);
      });
      count.textContent = query === '' ? `${String(entries.length)} instruments` : `${String(matches.length)} matches in ${String(entries.length)} instruments`;
      list.replaceChildren(
        ...matches.slice(0, SHOWN).map((index) => {
          const item = document.createElement('li');
          item.setAttribute('role', 'option');
          const entry = entries[index];
          item.textContent = entry ? `${entry[0]} ${entry[3]}` : '';
          return item;
        }),
      );
    };
    input.addEventListener('input', show);
    show();
  });
