/**
 * Roam's mark: a compass needle pointing north-east in a rounded square of the primary colour.
 * Inline SVG, so it costs the sign-in page's bundle a few hundred bytes and follows the colour
 * scheme (the primary colour is a shade lighter in dark). src/assets/favicon.svg is the same drawing.
 * Decorative: it always stands beside the words 'Roam Admin'.
 */
export function RoamMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" strokeWidth="1.75" strokeOpacity="0.7" />
      <g transform="rotate(45 16 16)">
        <path d="M16 6.5 19.5 16h-7z" fill="#fff" />
        <path d="M12.5 16h7L16 25.5z" fill="#fff" fillOpacity="0.5" />
      </g>
      <circle cx="16" cy="16" r="1.6" fill="var(--mantine-primary-color-filled)" />
    </svg>
  );
}
