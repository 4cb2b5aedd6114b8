/**
 * The author block (accounts §2): avatar, nickname, hunter ID (the registration number, leading to
 * their hunter page) and the follow button — 创作者 for the owner, who cannot follow themselves.
 */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { authorAvatar, authorName } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { failureOf } from '../../lib/api-errors.ts';
import { followFailureText, IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { Avatar } from '../Avatar.tsx';
import { useToast } from '../ui/Toast.tsx';
import { rememberThisIdeaForLogin } from '../../lib/login-return.ts';
import { useIdeaViewer, useSetIdeaViewer } from './useIdeaViewer.ts';

export function AuthorBlock({ idea, loggedIn }: { idea: IdeaDto; loggedIn: boolean }) {
  const author = { userId: idea.user_id ?? idea.authorId, nickname: idea.user_nickname || idea.authorName, registrationNumber: idea.user_registration_number, avatarUrl: idea.user_avatar };
  const name = authorName(author);
  const reg = idea.user_registration_number;
  const who = (
    <>
      <Avatar src={authorAvatar(author)} alt="" size={48} />
      <span className="idea-author-text">
        <span className="idea-author-name">{name}</span>
        {reg && <span className="idea-author-id">猎人ID：{reg}</span>}
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
      {reg && <FollowButton ideaId={idea.id} registrationNumber={reg} isOwner={idea.isOwner} loggedIn={loggedIn} name={name} />}
    </section>
  );
}

/** Following the author: the state from the page's one member read (useIdeaViewer), changed by the toggle's answer. */
function FollowButton({ ideaId, registrationNumber, isOwner, loggedIn, name }: { ideaId: number; registrationNumber: string; isOwner: boolean; loggedIn: boolean; name: string }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const check = useIdeaViewer(ideaId, loggedIn);
  const setViewer = useSetIdeaViewer(ideaId);
  const [busy, setBusy] = useState(false);

  if (isOwner) {
    return (
      <button type="button" className="btn btn-small idea-follow" disabled>
        创作者
      </button>
    );
  }
  const following = check.data?.isFollowing === true;

  const toggle = async () => {
    if (!loggedIn) {
      toast(IDEA_PAGE_MSG.loginToFollow, 'error');
      rememberThisIdeaForLogin();
      navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const answer = await utils.client.follows.set.mutate({ registrationNumber, follow: !following });
      setViewer({ isFollowing: answer.data.isFollowing });
      toast(answer.data.isFollowing ? IDEA_PAGE_MSG.followed : IDEA_PAGE_MSG.unfollowed);
    } catch (err) {
      toast(followFailureText(failureOf(err)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-small idea-follow ${following ? '' : 'btn-primary-outline'}`}
      onClick={() => void toggle()}
      disabled={busy || (loggedIn && check.isPending && !check.isError)}
      aria-label={following ? `已关注${name}，点击取消关注` : `关注${name}`}
      data-testid="follow-button"
    >
      {following ? '已关注' : '关注'}
    </button>
  );
}
