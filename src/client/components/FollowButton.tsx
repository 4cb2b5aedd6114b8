/**
 * Following a hunter (docs/spec/accounts-and-people.md §2 author block, and the hunter page): 关注 / 已关注, toggled by
 * `follows.set`. A guest is told to log in and sent to /login, coming back to this page afterwards.
 * Where the state comes from differs by page (the idea page's one member read, the hunter page's
 * `follows.check`), so the page gives it; a toggle's answer goes into `follows.check` and marks every
 * idea page's member read stale, so the other page shows it too, and to the page (`onChange`).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { failureOf } from '../lib/api-errors.ts';
import { FOLLOW_TEXT } from '../../shared/social-texts.ts';
import { followFailureText } from '../lib/idea-page-rules.ts';
import { rememberThisPageForLogin } from '../lib/login-return.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { BusyButton } from './ui/BusyButton.tsx';
import { useToast } from './ui/Toast.tsx';

type FollowState = RouterOutputs['follows']['set']['data'];

export function FollowButton({
  registrationNumber,
  name,
  loggedIn,
  following,
  waiting,
  onChange,
  className = '',
}: {
  registrationNumber: string;
  name: string;
  loggedIn: boolean;
  following: boolean;
  /** The member's state is still being read: the button waits rather than guess. */
  waiting: boolean;
  onChange?: (state: FollowState) => void;
  className?: string;
}) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!loggedIn) {
      toast(FOLLOW_TEXT.loginRequired, 'error');
      rememberThisPageForLogin();
      navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const answer = await utils.client.follows.set.mutate({ registrationNumber, follow: !following });
      const input = { registrationNumber };
      // A check that has no answer yet (or failed) is asked again instead.
      if (utils.follows.check.getData(input)) utils.follows.check.setData(input, (old) => old && { ...old, data: answer.data });
      else void utils.follows.check.invalidate(input);
      // Pages that list what one follows are asked again when next shown, not now.
      const later = { refetchType: 'none' } as const;
      void utils.ideas.viewer.invalidate(undefined, later);
      void utils.follows.timeline.invalidate(undefined, later);
      void utils.follows.updates.invalidate(undefined, later);
      onChange?.(answer.data);
      toast(answer.data.isFollowing ? FOLLOW_TEXT.followed : FOLLOW_TEXT.unfollowed);
    } catch (err) {
      toast(followFailureText(failureOf(err)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <BusyButton
      className={`btn btn-small ${following ? '' : 'btn-primary-outline'} ${className}`}
      onClick={() => void toggle()}
      busy={busy}
      // A guest's click goes to /login at once; a member's waits for their state to be read.
      waiting={loggedIn && waiting}
      aria-label={following ? `已关注${name}，点击取消关注` : `关注${name}`}
      data-testid="follow-button"
    >
      {following ? '已关注' : '关注'}
    </BusyButton>
  );
}
