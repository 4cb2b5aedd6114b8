/**
 * /hunter/{registrationNumber}, docs/spec/accounts-and-people.md §2 "Hunter profile": avatar, nickname, @username,
 * bio (the default text when empty), the counts of published ideas, followers and total views, and the
 * grid of published cards; 暂无已发布的创意 when there are none; 获取用户资料失败，请稍后重试 with a
 * reload button when the profile cannot be read. Only public ideas appear (the server's visibility rule).
 * A 关注 button beside the name, as on an idea's author block (not for one's own page or a
 * deactivated account); a member's follower count comes from the same read as the button's state,
 * and opens the list of followers (/hunter/{registrationNumber}/followers, FollowListPage).
 */
import { Link, useParams } from 'wouter';
import { DEACTIVATED_NICKNAME } from '../../shared/constants.ts';
import { Avatar } from '../components/Avatar.tsx';
import { FollowButton } from '../components/FollowButton.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { PersonIdeas } from '../components/PersonIdeas.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { httpStatusOf } from '../lib/api-errors.ts';
import { bioOrDefault, countOr, formatCount, nicknameOrFallback, PEOPLE_MSG, PERSON_IDEAS_LIMIT } from '../lib/people.ts';
import { registrationNumberOf } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';

export default function HunterPage() {
  const { registrationNumber = '' } = useParams<{ registrationNumber: string }>();
  const { loggedIn, user: me } = useSession();
  const profile = trpc.auth.publicUser.useQuery({ registrationNumber }, { select: (a) => a.data.user });
  const ideas = trpc.ideas.userPublic.useQuery({ id: registrationNumber, limit: PERSON_IDEAS_LIMIT }, { select: (a) => a.data, enabled: profile.isSuccess });
  const user = profile.data;
  const followable = !!user && !user.isDeactivated && registrationNumberOf(me) !== registrationNumber;
  const follow = trpc.follows.check.useQuery({ registrationNumber }, { enabled: loggedIn && followable, select: (a) => a.data });
  const nickname = user ? (user.isDeactivated ? DEACTIVATED_NICKNAME : nicknameOrFallback(user.nickname)) : null;

  const status = httpStatusOf(profile.error);
  // A malformed number (400) names no one either.
  const notFound = status === 404 || status === 400;
  usePageTitle(
    nickname ? `${nickname}的猎人主页` : notFound ? PEOPLE_MSG.notFound : '猎人主页',
    nickname ? `${nickname}（@${user!.username}）在猎人创意社区发布的创意：${bioOrDefault(user!.bio)}` : '猎人创意社区的猎人主页：TA 的简介、发布的创意、粉丝数与浏览量。',
  );

  if (profile.isError || ideas.isError) {
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert" data-testid="person-error">
          <h1 className="empty-state-title">{notFound ? PEOPLE_MSG.notFound : PEOPLE_MSG.failed}</h1>
          {/* Not a dead end: the marketplace is where hunters are found. */}
          {notFound && (
            <Link href={loggedIn ? '/marketplace' : '/guest-marketplace'} className="btn btn-primary">
              去创意市场看看
            </Link>
          )}
          {!notFound && (
            <button type="button" className="btn btn-primary" onClick={() => (profile.isError ? void profile.refetch() : void ideas.refetch())}>
              重新加载
            </button>
          )}
        </div>
      </main>
    );
  }
  if (!user) return <LoadingLine text="正在加载猎人资料…" />;

  const list = ideas.data ?? [];
  const extra = user as typeof user & { ideaCount?: number; followerCount?: number; viewCount?: number };
  const totalViews = list.reduce((sum, idea) => sum + (idea.viewCount || 0), 0);
  // The follower count opens the list of followers (FollowListPage).
  const stats: { label: string; value: number; href?: string }[] = [
    { label: '已发布创意', value: countOr(extra.ideaCount, list.length) },
    { label: '粉丝', value: follow.data?.followerCount ?? countOr(extra.followerCount, 0), href: `/hunter/${registrationNumber}/followers` },
    { label: '总浏览', value: countOr(extra.viewCount, totalViews) },
  ];
  return (
    <main className="page person-page">
      <section className="person-card" aria-labelledby="person-name">
        <Avatar src={user.avatarUrl ?? user.avatar} alt="" size={88} className="person-avatar" />
        <div className="person-info">
          <div className="person-name-row">
            <h1 id="person-name">{nickname}</h1>
            {followable && (
              <FollowButton
                key={registrationNumber}
                registrationNumber={registrationNumber}
                name={nickname!}
                loggedIn={loggedIn}
                following={follow.data?.isFollowing === true}
                waiting={follow.isPending && !follow.isError}
              />
            )}
          </div>
          <p className="person-username">@{user.username}</p>
          <p className="person-bio">{user.isDeactivated ? PEOPLE_MSG.deactivated : bioOrDefault(user.bio)}</p>
          <dl className="person-stats">
            {stats.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd data-testid={`stat-${s.label}`}>
                  {s.href ? (
                    <Link href={s.href} className="person-stat-link" aria-label={`${s.label} ${formatCount(s.value)}，查看${s.label}列表`}>
                      {formatCount(s.value)}
                    </Link>
                  ) : (
                    formatCount(s.value)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="person-ideas" aria-labelledby="person-ideas-title">
        <h2 id="person-ideas-title">发布的创意</h2>
        {ideas.isPending ? <LoadingLine text="正在加载创意…" /> : <PersonIdeas ideas={list} loggedIn={loggedIn} label={`${nickname}发布的创意`} />}
      </section>
    </main>
  );
}
