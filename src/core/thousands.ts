/**
 * 1234567 → "1,234,567", as `toLocaleString('en-US')` writes integers. Not toLocaleString itself:
 * its first call loads ICU's locale data, ~23 ms of a conformance run's start-up CPU, for a comma.
 */
export function thousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = Math.abs(value).toString().split('.');
  if (whole!.includes('e')) return value.toLocaleString('en-US');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction.slice(0, 3)}`}`;
}
