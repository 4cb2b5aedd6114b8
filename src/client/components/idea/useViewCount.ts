/**
 * The view count (docs/spec/publishing-and-browsing.md §4, §7): one recordView per visit of the page (the server counts a
 * viewer once a day), the count it answers shown and kept per idea in sessionStorage, so a visit
 * later in the session starts from the latest count. Failures are only logged (docs/spec/accounts-and-people.md §8).
 */
import { useEffect, useRef, useState } from 'react';
import { IDEA_PAGE_MSG, readViewCount, writeViewCount } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** `record`: false for a page the viewer may only read (an admin on an idea that is not public): nothing is counted. */
export function useViewCount(ideaId: number, fromIdea: number | undefined, record = true): number {
  const utils = trpc.useUtils();
  const [count, setCount] = useState<number | null>(() => readViewCount(sessionStore(), ideaId));
  const recordedFor = useRef<number | null>(null);

  useEffect(() => {
    // A ref survives React's development double effect: still one record per visit.
    if (!record || recordedFor.current === ideaId) return;
    recordedFor.current = ideaId;
    setCount(readViewCount(sessionStore(), ideaId));
    const keep = (n: number) => {
      setCount(n);
      writeViewCount(sessionStore(), ideaId, n);
    };
    utils.client.ideas.recordView
      .mutate({ ideaId })
      .then((answer) => keep(answer.data.viewCount))
      .catch((err: unknown) => {
        console.warn('[recordView]', err);
        return utils.client.ideas.viewCount
          .query({ id: ideaId })
          .then((answer) => keep(answer.data.viewCount))
          .catch((e: unknown) => console.warn(IDEA_PAGE_MSG.viewCountFailed, e));
      });
  }, [ideaId, utils, record]);

  return count ?? fromIdea ?? 0;
}
