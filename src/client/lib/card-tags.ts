/** At most `max` tags, then how many more (docs/spec/publishing-and-browsing.md §2: 3, then +N). */
export function tagsToShow(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  const shown = tags.slice(0, max);
  return { shown, more: Math.max(0, tags.length - shown.length) };
}

/** A tag's page (TagPage): `/tag/` and the tag, URL-encoded. */
export function tagPath(tag: string): string {
  return `/tag/${encodeURIComponent(tag)}`;
}

/**
 * The tag a `/tag/{tag}` address names. The router decodes the path with decodeURI, which leaves what
 * encodes a reserved character (`C%23` for `C#`): decoded here, and kept as it is when it is no escape.
 */
export function tagOfParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
