/** The alt text of a venue photo, the same in the page's gallery and in the full-screen one. */
export function photoAlt(name: string, index: number, count: number): string {
  return `${name} – photo ${index + 1} of ${count}`;
}
