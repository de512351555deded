/**
 * Pretends the screen is wide, so that no column hidden below a breakpoint (`visibleFrom`) is
 * hidden: every `min-width` query matches, and so does the empty query (as in a browser), which
 * the table asks for a column shown everywhere. Returns the function that restores the narrow
 * default of src/test/setup.ts.
 */
export function onWideScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.trim() === '' || query.includes('min-width'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
