/**
 * The class names of the tables' and list cards' rules (tables.css, in the signed-in stylesheet: a
 * separate stylesheet for the lists' code was one more file before every signed-in page's paint).
 */
export const tableClasses = {
  /** A long value wraps inside its cell rather than widening the table past its card. */
  cell: 'roam-table-cell',
  cards: 'roam-cards',
  card: 'roam-card',
  name: 'roam-card-name',
  fields: 'roam-card-fields',
} as const;
