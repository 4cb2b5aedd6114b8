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
 * The tag a `/tag/{tag}` address names, read from the address as sent (`location.pathname`). The
 * router's parameter has been through decodeURI already, which turns `%25` into `%`: decoding that
 * again made the tag `100%25` open the page of `100%`. Kept as it is where it is no escape.
 */
export function tagOfPath(pathname: string): string {
  const raw = pathname.replace(/^\/tag\//, '').replace(/\/$/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
