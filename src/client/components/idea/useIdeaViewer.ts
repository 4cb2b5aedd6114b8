/**
 * What is personal on an idea's page, in one member read (`ideas.viewer`): favourite, follow,
 * unlock and ownership state and the member's likes on its comments. The page's body and comments are
 * the same for every reader (the server keeps them shared), so they say nothing of the member; this
 * read does. A guest has none: nothing is asked.
 */
import { trpc } from '../../lib/trpc.ts';

export function useIdeaViewer(ideaId: number, loggedIn: boolean) {
  return trpc.ideas.viewer.useQuery({ id: ideaId }, { enabled: loggedIn && Number.isInteger(ideaId) && ideaId > 0, select: (answer) => answer.data });
}

/** Writes what a toggle answered into the page's viewer state, so every part of the page shows it. */
export function useSetIdeaViewer(ideaId: number) {
  const utils = trpc.useUtils();
  return (patch: Partial<{ isFavorite: boolean; isFollowing: boolean }>) => utils.ideas.viewer.setData({ id: ideaId }, (old) => (old ? { ...old, data: { ...old.data, ...patch } } : old));
}
