/**
 * /user/{registrationNumber}, docs/spec/accounts-and-people.md §2 "User public page": the nickname (创意猎人 when
 * there is none), the member's bio (the default text when empty, as on the hunter page), the count of published ideas, the grid of their cards, and a loading line meanwhile.
 * The spec only logs this page's fetch errors; we say so on the page and offer a reload.
 */
import { Link, useParams } from 'wouter';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { PersonIdeas } from '../components/PersonIdeas.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { bioOrDefault, countOr, nicknameOrFallback, PEOPLE_MSG, PERSON_IDEAS_LIMIT } from '../lib/people.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';

export default function UserPage() {
  const { registrationNumber = '' } = useParams<{ registrationNumber: string }>();
  const { loggedIn } = useSession();
  const profile = trpc.auth.publicUser.useQuery({ registrationNumber }, { select: (a) => a.data.user });
  const ideas = trpc.ideas.userPublic.useQuery({ id: registrationNumber, limit: PERSON_IDEAS_LIMIT }, { select: (a) => a.data });
  // Without a readable profile the page still stands, under the fallback name (docs/architecture.md §10).
  const nickname = nicknameOrFallback(profile.data?.nickname);
  usePageTitle(profile.isPending ? '用户主页' : `${nickname}的主页`, `${nickname}在猎人创意社区发布的创意卡片。`);

  if (ideas.isError) {
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert" data-testid="person-error">
          <h1 className="empty-state-title">{PEOPLE_MSG.failed}</h1>
          <button type="button" className="btn btn-primary" onClick={() => void ideas.refetch()}>
            重新加载
          </button>
        </div>
      </main>
    );
  }
  if (profile.isPending || ideas.isPending) return <LoadingLine text="正在加载…" />;

  const list = ideas.data;
  const extra = profile.data as { ideaCount?: number; registrationNumber?: string } | undefined;
  const count = countOr(extra?.ideaCount, list.length);
  return (
    <main className="page person-page">
      <header className="person-header">
        <h1>{nickname}</h1>
        {profile.data && <p className="person-bio">{profile.data.isDeactivated ? PEOPLE_MSG.deactivated : bioOrDefault(profile.data.bio)}</p>}
        <p className="muted">
          已发布 <strong>{count}</strong> 个创意
          {profile.data && (
            <>
              {' · '}
              <Link href={`/hunter/${profile.data.registrationNumber}`}>查看猎人主页</Link>
            </>
          )}
        </p>
      </header>
      <section aria-labelledby="user-ideas-title">
        {/* The cards' titles are h3: the outline needs this level (as on the hunter page). */}
        <h2 id="user-ideas-title" className="visually-hidden">
          {nickname}发布的创意
        </h2>
        <PersonIdeas ideas={list} loggedIn={loggedIn} label={`${nickname}发布的创意`} />
      </section>
    </main>
  );
}
