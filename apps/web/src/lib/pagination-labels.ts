/** Accessible names for Mantine's pagination: 'Page 2', and 'Previous page' / 'Next page' for its arrows. */
export const paginationItemProps = (page: number) => ({ 'aria-label': `Page ${page}` });

export const paginationControlProps = (control: string) => ({
  'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page`,
});
