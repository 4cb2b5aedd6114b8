/** A cursor-paged list walked to its end, as a script would: each page's size and every item's key, in order. */
export interface CursorPage<T> {
  data: T[];
  nextCursor: string | null;
}

export async function walkPages<T, K>(page: (cursor?: string) => Promise<CursorPage<T>>, keyOf: (item: T) => K, onPage?: (items: T[]) => void): Promise<{ seen: K[]; sizes: number[] }> {
  const seen: K[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    sizes.push(answer.data.length);
    seen.push(...answer.data.map(keyOf));
    onPage?.(answer.data);
    cursor = answer.nextCursor ?? undefined;
  } while (cursor);
  return { seen, sizes };
}
