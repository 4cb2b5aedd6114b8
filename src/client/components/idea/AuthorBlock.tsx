/**
 * The author block (docs/spec/accounts-and-people.md §2): avatar, nickname, hunter ID (the registration number, leading to
 * their hunter page) and the follow button — 创作者 for the owner, who cannot follow themselves.
 */
import { Link } from 'wouter';
import { authorAvatar, authorName } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { Avatar } from '../Avatar.tsx';
import { cardAuthor } from '../IdeaCard.tsx';
import { FollowButton } from '../FollowButton.tsx';
import { useIdeaViewer, useSetIdeaViewer } from './useIdeaViewer.ts';

export function AuthorBlock({ idea, loggedIn }: { idea: IdeaDto; loggedIn: boolean }) {
  const author = cardAuthor(idea);
  const name = authorName(author);
  const reg = idea.authorRegistrationNumber;
  const who = (
    <>
      <Avatar src={authorAvatar(author)} alt="" size={48} />
      <span className="idea-author-text">
        <span className="idea-author-name">{name}</span>
        {reg && <span className="idea-author-id">猎人编号：{reg}</span>}
      </span>
    </>
  );
  return (
    <section className="idea-author" aria-label="作者">
      {/* The whole block leads to the hunter page: one target as tall as the avatar, not a 19 px ID link. */}
      {reg ? (
        <Link href={`/hunter/${reg}`} className="idea-author-link" title={`查看${name}的主页`}>
          {who}
        </Link>
      ) : (
        <div className="idea-author-link">{who}</div>
      )}
      {reg && <AuthorFollow ideaId={idea.id} registrationNumber={reg} isOwner={idea.isOwner} loggedIn={loggedIn} name={name} />}
    </section>
  );
}

/** Following the author: the state from the page's one member read (useIdeaViewer), changed by the toggle's answer. */
function AuthorFollow({ ideaId, registrationNumber, isOwner, loggedIn, name }: { ideaId: number; registrationNumber: string; isOwner: boolean; loggedIn: boolean; name: string }) {
  const check = useIdeaViewer(ideaId, loggedIn);
  const setViewer = useSetIdeaViewer(ideaId);
  if (isOwner) {
    return (
      <button type="button" className="btn btn-small idea-follow" disabled>
        创作者
      </button>
    );
  }
  return (
    <FollowButton
      registrationNumber={registrationNumber}
      name={name}
      loggedIn={loggedIn}
      following={check.data?.isFollowing === true}
      waiting={check.isPending && !check.isError}
      onChange={(state) => setViewer({ isFollowing: state.isFollowing })}
      className="idea-follow"
    />
  );
}
