/** The selection of rows a bulk action takes, by `_id` (a reloaded row is a new object). */
export function isChosen(selected: readonly { _id: string }[], row: { _id: string }): boolean {
  return selected.some((chosen) => chosen._id === row._id);
}

/** The selection with the row added, or taken out when it was in it. */
export function toggleChosen<Row extends { _id: string }>(selected: readonly Row[], row: Row): Row[] {
  return isChosen(selected, row) ? selected.filter((chosen) => chosen._id !== row._id) : [...selected, row];
}
