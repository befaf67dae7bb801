/** The total of money amounts (numbers or numeric strings) in whole cents, so many rows add up exactly. */
export function sumAmounts(amounts: readonly (number | string | null | undefined)[]): number {
  let cents = 0;
  for (const amount of amounts) {
    const value = typeof amount === 'string' ? Number(amount) : amount;
    if (typeof value === 'number' && Number.isFinite(value)) cents += Math.round(value * 100);
  }
  return cents / 100;
}
