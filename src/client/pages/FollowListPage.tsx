/**
 * /hunter/{registrationNumber}/followers and /following: who follows a hunter, and whom they follow
 * (`follows.followersOf`, `follows.followingOf`), the latest follow first, 20 at a time with 加载更多.
 * Each entry links to that member's hunter page; a signed-in member gets the 关注 toggle of the hunter
 * page beside everyone but themself, its state the list's own `isFollowing` (read with the member's
 * session, never a shared cache entry). Tabs switch between the two lists; loading, empty and error
 * states as on every list page.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { DEACTIVATED_NICKNAME } from '../../shared/constants.ts';
import { Avatar } from '../components/Avatar.tsx';
import { FollowButton } from '../components/FollowButton.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { LoadMore } from '../components/ui/LoadMore.tsx';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { errorMessage, httpStatusOf } from '../lib/api-errors.ts';
import { nicknameOrFallback, PEOPLE_MSG } from '../lib/people.ts';
import { registrationNumberOf } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';
import '../styles/messages.css';

export type FollowListSide = 'followers' | 'following';

export const FOLLOW_LIST_MSG = {
  followers: { tab: '粉丝', title: (name: string) => `${name}的粉丝`, empty: '还没有粉丝', failed: '加载粉丝列表失败，请稍后重试' },
  following: { tab: '关注', title: (name: string) => `${name}关注的人`, empty: '还没有关注任何人', failed: '加载关注列表失败，请稍后重试' },
  loadMore: '加载更多',
  loadMoreFailed: '加载更多失败，请稍后重试',
} as const;

const SIDES: FollowListSide[] = ['followers', 'following'];

export default function FollowListPage({ side }: { side: FollowListSide }) {
  const { registrationNumber = '' } = useParams<{ registrationNumber: string }>();
  const { loggedIn, user: me } = useSession();
  const texts = FOLLOW_LIST_MSG[side];
  const profile = trpc.auth.publicUser.useQuery({ registrationNumber }, { select: (a) => a.data.user });
  const input = { registrationNumber };
  const followers = trpc.follows.followersOf.useInfiniteQuery(input, { getNextPageParam: (last) => last.nextCursor ?? null, enabled: side === 'followers' });
  const following = trpc.follows.followingOf.useInfiniteQuery(input, { getNextPageParam: (last) => last.nextCursor ?? null, enabled: side === 'following' });
  const list = side === 'followers' ? followers : following;
  const entries = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  // A toggle's answer, until the list is read again.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  const user = profile.data;
  const name = user ? (user.isDeactivated ? DEACTIVATED_NICKNAME : nicknameOrFallback(user.nickname)) : null;
  const status = httpStatusOf(profile.error) ?? httpStatusOf(list.error);
  const notFound = status === 404 || status === 400;
  const title = name ? texts.title(name) : notFound ? PEOPLE_MSG.notFound : texts.tab;
  usePageTitle(title, name ? `猎人创意社区里${texts.title(name)}。` : '猎人创意社区的粉丝与关注列表。');

  if (notFound) {
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert" data-testid="person-error">
          <h1 className="empty-state-title">{PEOPLE_MSG.notFound}</h1>
          <Link href={loggedIn ? '/marketplace' : '/guest-marketplace'} className="btn btn-primary">
            去创意市场看看
          </Link>
        </div>
      </main>
    );
  }

  const mine = registrationNumberOf(me);
  return (
    <main className="page page-reading follow-list-page">
      <div className="follow-list-header">
        <h1 tabIndex={-1}>{title}</h1>
        <Link href={`/hunter/${registrationNumber}`} className="btn btn-small">
          <span aria-hidden="true">‹ </span>
          {name ? `返回${name}的主页` : '返回猎人主页'}
        </Link>
      </div>
      <nav className="tabs" aria-label="粉丝与关注">
        {SIDES.map((s) => (
          <Link key={s} href={`/hunter/${registrationNumber}/${s}`} className={`tab ${s === side ? 'tab-active' : ''}`} aria-current={s === side ? 'page' : undefined}>
            {FOLLOW_LIST_MSG[s].tab}
          </Link>
        ))}
      </nav>

      {list.isPending ? (
        <LoadingLine text={`正在加载${texts.tab}列表…`} />
      ) : !list.data ? (
        <RetryLine message={errorMessage(list.error, texts.failed)} onRetry={() => void list.refetch()} busy={list.isFetching} testId="follow-list-error" />
      ) : entries.length === 0 ? (
        <div className="empty-state" data-testid="follow-list-empty">
          <p className="empty-state-title">{texts.empty}</p>
        </div>
      ) : (
        <ul className="updates-list follow-list" aria-label={title}>
          {entries.map((entry) => {
            const entryName = nicknameOrFallback(entry.nickname);
            const isFollowing = toggled[entry.registrationNumber] ?? entry.isFollowing;
            return (
              <li key={entry.registrationNumber} className="follow-entry" data-testid="follow-entry">
                <Link href={`/hunter/${entry.registrationNumber}`} className="updates-person">
                  <Avatar src={entry.avatarUrl} alt="" size={44} />
                  <span className="updates-person-text">
                    <span className="updates-person-name">{entryName}</span>
                    <span className="updates-person-meta">猎人编号：{entry.registrationNumber}</span>
                  </span>
                </Link>
                {loggedIn && entry.registrationNumber !== mine && (
                  <FollowButton
                    registrationNumber={entry.registrationNumber}
                    name={entryName}
                    loggedIn={loggedIn}
                    following={isFollowing}
                    waiting={false}
                    onChange={(state) => setToggled((before) => ({ ...before, [entry.registrationNumber]: state.isFollowing }))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore list={list} label={FOLLOW_LIST_MSG.loadMore} failedMessage={FOLLOW_LIST_MSG.loadMoreFailed} />
    </main>
  );
}
