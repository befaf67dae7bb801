/** The product's default logo mark, inline so the first screen loads no image. `onBrand` sits on the brand colour. */
export function StewardMark({ size = 36, onBrand = false }: { size?: number; onBrand?: boolean }) {
  const tile = onBrand ? '#fff' : 'var(--stw-primary, #325286)';
  const stroke = onBrand ? 'var(--stw-primary, #325286)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill={tile} />
      <path d="M12 27c2 2 5 3 8 3 4 0 7-2 7-5.5S24 19.6 20 18.6 13.5 16.5 13.5 13.5 16.5 9 20 9c2.6 0 4.8.9 6.5 2.5" fill="none" stroke={stroke} strokeWidth="3" strokeLinecap="round" />
      <circle cx="29" cy="29" r="3" fill="var(--stw-secondary, #c65657)" />
    </svg>
  );
}
