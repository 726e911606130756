/** How the currency card and the services' warning name what is priced: "service", "package". */

export function kindWord(kind: 'service' | 'package'): string {
  return kind === 'service' ? 'service' : 'package';
}

/** "A, B and C". */
export function listed(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
