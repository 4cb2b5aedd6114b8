/**
 * Something heavy made when first asked for, not at start (a provider's SDK): every later call gets
 * the same one. A failed attempt is not kept, so the next call tries again.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}
