/**
 * A count with thousands separators (`12,345`), as `toLocaleString('en-US')` writes it without
 * loading ICU's locale data: that first call costs ~30 ms of a `mem lint` run.
 */

/** Returns `value` with a comma between groups of three digits; never throws. */
export function formatCount(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
