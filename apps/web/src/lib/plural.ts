/** "1 event", "3 events", "1 busy time": a count with its noun, singular when it is one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
