import { Logo } from '../components/Logo.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentType } from 'react';
import { communityWeekday, doodleUrl } from '../../shared/constants.ts';
import { Link } from 'wouter';
import { Avatar } from '../components/Avatar.tsx';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { trpc } from '../lib/trpc.ts';
import { useSession } from '../hooks/useSession.ts';
import { useStaticCards } from '../hooks/useStaticCards.ts';
import { LANDING_CARDS } from '../lib/static-cards.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';

/**
 * The day a build-time prerender draws (prerender.tsx draws one page per weekday; the server sends
 * today's); in the browser, today in the community's time zone.
 */
export const DoodleDayContext = createContext<number | null>(null);

/** Today's doodle, one per weekday; the default logo when it fails to load. */
function DailyDoodle() {
  const [failed, setFailed] = useState(false);
  const day = useContext(DoodleDayContext) ?? communityWeekday();
  const src = failed ? '/logo.svg' : doodleUrl(day);
  return <img className="landing-doodle" src={src} alt="猎人创意社区" width={480} height={128} fetchPriority="high" onError={() => setFailed(true)} />;
}

export const LANDING_MSG = { empty: '暂无创意数据，请稍后重试', failed: '获取创意列表失败，请稍后重试' } as const;

type Grid = ComponentType<{ ideas: readonly IdeaDto[]; loggedIn: boolean }>;
/** The grid's code once in: rendered at once, not through Suspense (the app taking over drawn cards shows no loading line). */
let loadedGrid: Grid | undefined;
const loadFeaturedIdeaGrid = () => import('../components/FeaturedIdeaGrid.tsx').then((module) => ((loadedGrid = module.default), module));
const FeaturedIdeaGrid = lazy(loadFeaturedIdeaGrid);
/** main.tsx: the grid's code before hydrating the prerendered landing (its cards may be drawn already, guest-cards.ts). */
export const preloadFeaturedIdeaGrid = () => loadFeaturedIdeaGrid().then(() => undefined);

/** Holds the cards' room until both their data and their code are here (no layout shift). */
function FeaturedPending() {
  return (
    <p role="status" className="landing-featured-pending">
      加载中…
    </p>
  );
}

/**
 * Up to 6 approved ideas in the card grid (masonry); a click opens the idea for members and /login for
 * guests. When the marketplace's list is empty, the all-versions list stands in (docs/spec/publishing-and-browsing.md §2).
 */
function FeaturedIdeas({ loggedIn }: { loggedIn: boolean }) {
  const list = trpc.ideas.publicPage.useQuery({ limit: LANDING_CARDS }, { select: (answer) => answer.data });
  const fallback = trpc.ideas.allVersions.useQuery({ limit: LANDING_CARDS }, { select: (answer) => answer.data, enabled: list.isSuccess && list.data.length === 0 });
  const usingFallback = list.isSuccess && list.data.length === 0;
  const source = usingFallback ? fallback : list;
  const ideas = (Array.isArray(source.data) ? source.data : []).slice(0, LANDING_CARDS);
  // Fetch the grid's code while the query is in flight, not after it answers.
  useEffect(() => void loadFeaturedIdeaGrid(), []);
  const loading = list.isLoading || (usingFallback && fallback.isLoading);
  // The cards guest-cards.ts drew before the app started, as they are while hydrating.
  const drawn = useStaticCards('featured');
  const Loaded = loadedGrid;
  if (drawn !== null)
    return (
      <section className="landing-featured" aria-labelledby="featured-title">
        <h2 id="featured-title">精选创意</h2>
        <div data-static-cards="featured" dangerouslySetInnerHTML={{ __html: drawn }} />
      </section>
    );
  return (
    <section className="landing-featured" aria-labelledby="featured-title">
      <h2 id="featured-title">精选创意</h2>
      {loading && <FeaturedPending />}
      {source.isError && <RetryLine message={LANDING_MSG.failed} onRetry={() => void source.refetch()} busy={source.isFetching} testId="landing-error" />}
      {source.isSuccess && ideas.length === 0 && (
        <p className="muted" data-testid="landing-empty">
          {LANDING_MSG.empty}
        </p>
      )}
      {ideas.length > 0 &&
        (Loaded ? (
          <Loaded ideas={ideas} loggedIn={loggedIn} />
        ) : (
          <Suspense fallback={<FeaturedPending />}>
            <FeaturedIdeaGrid ideas={ideas} loggedIn={loggedIn} />
          </Suspense>
        ))}
    </section>
  );
}

export default function LandingPage() {
  usePageTitle('首页', '猎人创意社区：发现、记录、分享好点子。浏览经过审核的精选创意卡片，谁先捕捉并实现灵感，谁就拥有命名权。');
  const { user, loggedIn } = useSession();
  return (
    <div className="landing">
      <header className="landing-nav">
        <Link href="/" className="top-nav-logo">
          <Logo />
          <span className="visually-hidden">首页</span>
        </Link>
        <nav aria-label="品牌" className="landing-links">
          <Link href="/about-hunter">猎人的由来</Link>
          <Link href="/vision">我们的愿景</Link>
        </nav>
        {loggedIn && user ? (
          <Link href="/marketplace" className="landing-user">
            <Avatar src={user.avatarUrl ?? user.avatar} alt="" size={32} />
            <span>{user.nickname}</span>
          </Link>
        ) : (
          <Link href="/login" className="btn btn-primary btn-small">
            登录 / 注册
          </Link>
        )}
      </header>
      {/* The shell's #main (Layout) is the skip link's target here too: an id is one element's. */}
      <main className="landing-hero">
        <h1 className="visually-hidden">猎人创意社区</h1>
        <DailyDoodle />
        <p className="landing-tagline">谁先捕捉并实现灵感，谁就拥有命名权。</p>
        <p className="landing-sub">发现、记录、分享好点子——每一张创意卡片都经过平台审核后公开。</p>
        <div className="landing-actions">
          <Link href="/guest-marketplace" className="btn btn-primary btn-large">
            创意库
          </Link>
          <Link href="/about" className="btn btn-large">
            关于我们
          </Link>
        </div>
        <FeaturedIdeas loggedIn={loggedIn} />
      </main>
    </div>
  );
}
