/** Page styles through the CSSOM: the production CSP allows no inline style attributes or elements. */
export function chartSlot(parent: HTMLElement, label: string): HTMLElement {
  const slot = document.createElement('section');
  slot.setAttribute('aria-label', label);
  Object.assign(slot.style, { position: 'relative', flex: '1 1 0', minHeight: '0' });
  parent.append(slot);
  return slot;
}

export function fullPageColumn(): HTMLElement {
  Object.assign(document.body.style, { margin: '0', background: '#0f172a' });
  const column = document.createElement('main');
  Object.assign(column.style, { display: 'flex', flexDirection: 'column', gap: '8px', height: '100vh', padding: '8px', boxSizing: 'border-box' });
  document.body.append(column);
  return column;
}

/**
 * A line of text over the chart: the page's largest contentful paint, as the app's header is its.
 * Lighthouse measures no blocking time on a page whose only content is a canvas (NO_LCP).
 */
export function pageHeading(parent: HTMLElement, text: string): void {
  const heading = document.createElement('h1');
  heading.textContent = text;
  Object.assign(heading.style, { margin: '0', color: '#e2e8f0', font: '600 18px system-ui, sans-serif' });
  parent.append(heading);
}
