/** The row an element is in: a table row on a wide screen, its stacked card below `sm`. */
export function rowOf(element: Element): HTMLElement {
  const row = element.closest<HTMLElement>('tr, li');
  if (!row) throw new Error('not in a row');
  return row;
}
