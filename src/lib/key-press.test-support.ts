/** A button inside a modal dialog (`aria-modal`), added to the document: where the page's keys are not the page's. */
export function buttonInModal(): HTMLButtonElement {
  const dialog = document.body.appendChild(document.createElement('div'));
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  return dialog.appendChild(document.createElement('button'));
}
