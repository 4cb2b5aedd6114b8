/** At most `max` tags, then how many more (docs/spec/publishing-and-browsing.md §2: 3, then +N). */
export function tagsToShow(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  const shown = tags.slice(0, max);
  return { shown, more: Math.max(0, tags.length - shown.length) };
}
