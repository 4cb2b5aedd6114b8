import { Link } from 'wouter';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { usePlatformName, useSiteIdentity } from '../hooks/useSiteIdentity.ts';
import '../styles/static-pages.css';
import { LineIcon } from '../components/ui/LineIcon.tsx';

const LOADING_TEXT = '加载中…';

const IDEA_KINDS = ['设计概念', '创意产品', '生活感悟', '创新理念', '商业机会'];

const SUPPORTED = ['注册', '发布', '浏览', '评论', '分享'];

const AUDIENCES = [
  { icon: 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M15.5 15.5 L21 21', title: '深度思考的探索者', text: '习惯观察与追问，随手捕捉灵感，让一闪而过的念头有处安放。' },
  { icon: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M15.5 8.5 L13.5 13.5 L8.5 15.5 L10.5 10.5 Z', title: '寻找方向的创业者', text: '想做点什么却还没有方向，在这里看见真实的需求与可能。' },
  { icon: 'M4 20 L13 11 M14.5 4.5 a4 4 0 0 0 5 5 l-2.5 2.5 l-5-5 z', title: '能把想法做出来的实干家', text: '擅长动手实现，在这里挑选值得投入的好点子，把它变成现实。' },
  { icon: 'M12 21 V11 M12 11 C12 7 9 5 5 5 C5 9 8 11 12 11 Z M12 14 C12 10 15 8 19 8 C19 12 16 14 12 14 Z', title: '发现价值的投资人', text: '关注早期的创新火花，在创意萌芽时就看见它的潜力。' },
];

/** Small line icons for the cards (decorative; the card heading carries the meaning). */
function CardIcon({ d }: { d: string }) {
  return (
    <span className="sp-card-icon" aria-hidden="true">
      <LineIcon d={d} size={20} strokeWidth={2} />
    </span>
  );
}

/** /about: who runs the platform, how to reach them, and what the platform is for. */
export default function AboutPage() {
  const site = useSiteIdentity();
  const platformName = usePlatformName();

  usePageTitle('关于我们', '了解猎人创意社区：平台简介、我们提供什么、我们的使命，以及联系我们的方式。');

  const facts = [
    { label: '平台名称', value: site?.platformName },
    { label: '运营公司', value: site?.companyName },
    { label: '办公地址', value: site?.officeAddress },
    {
      label: '联系邮箱',
      value: site?.contactEmail,
      href: site?.contactEmail ? `mailto:${site.contactEmail}` : undefined,
    },
    {
      label: '联系电话',
      value: site?.contactPhone,
      href: site?.contactPhone ? `tel:${site.contactPhone.replace(/[^\d+]/g, '')}` : undefined,
    },
  ];

  return (
    <main className="sp-page">
      <article className="sp-article">
        <header className="sp-hero">
          <img className="sp-hero-emblem" src="/logo.svg" alt={`${platformName}标志`} width={240} height={64} />
          <p className="sp-eyebrow">关于我们</p>
          <h1>关于{platformName}</h1>
          <p className="sp-lead">一个让好创意被发现、被看见、被实现的创意分享社区。</p>
        </header>

        <section className="sp-section" aria-labelledby="about-intro">
          <h2 id="about-intro">平台简介</h2>
          <p>{platformName}是一个以“创意卡片”为核心的社区。在这里，每一位用户都是一名“猎人”：你可以把脑海中的灵感整理成一张简短的创意卡片并发布出来，与更多人分享。</p>
          <p>你可以发布的创意包括：</p>
          <ul className="sp-chips" aria-label="可发布的创意类型">
            {IDEA_KINDS.map((kind) => (
              <li key={kind} className="sp-chip">
                {kind}
              </li>
            ))}
          </ul>
          <p>无论是你的原创想法，还是你在生活中看到、听到并认为值得被更多人知道的创意，都欢迎在这里发布（非原创内容请注明来源）。</p>
        </section>

        <section className="sp-section" aria-labelledby="about-features">
          <h2 id="about-features">我们提供什么</h2>
          <p>为了让大家专注于创意本身，平台的功能保持简单，仅支持以下几项：</p>
          <ul className="sp-chips" aria-label="平台支持的功能">
            {SUPPORTED.map((item) => (
              <li key={item} className="sp-chip">
                {item}
              </li>
            ))}
          </ul>
          <div className="sp-note">
            <p>
              <strong>平台不提供任何交易功能，也不提供即时通讯功能。</strong>
              请勿相信任何以本平台名义进行的转账、付费或私下交易要求。
            </p>
            <p>
              <strong>所有内容均须经平台审核后才会展示。</strong>
              创意卡片发布后会先进入审核，审核通过后才会出现在创意市场中。
            </p>
          </div>
        </section>

        <section className="sp-section" aria-labelledby="about-mission">
          <h2 id="about-mission">我们的使命</h2>
          <p>
            让好的创意被发现、被看见、被实现，从而造福社会。我们相信，每一个改变世界的产品，最初都只是某个人脑海里的一个念头；我们希望这些念头不再被遗忘在备忘录里，而是被更多人看到，并最终被实现。
          </p>
        </section>

        <section className="sp-section" aria-labelledby="about-audience">
          <h2 id="about-audience">为谁而建</h2>
          <ul className="sp-grid">
            {AUDIENCES.map((a) => (
              <li key={a.title} className="sp-card">
                <CardIcon d={a.icon} />
                <h3>{a.title}</h3>
                <p>{a.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="sp-section" aria-labelledby="about-contact">
          <h2 id="about-contact">联系我们</h2>
          {!site && (
            <p className="sp-muted" role="status">
              正在加载联系方式…
            </p>
          )}
          <dl className="sp-facts">
            {facts.map((fact) => (
              <div key={fact.label} className="sp-fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value ? fact.href ? <a href={fact.href}>{fact.value}</a> : fact.value : LOADING_TEXT}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="sp-section" aria-labelledby="about-more">
          <h2 id="about-more">了解更多</h2>
          <ul className="sp-links">
            <li>
              <Link href="/about-hunter">猎人的由来</Link>
            </li>
            <li>
              <Link href="/vision">我们的愿景</Link>
            </li>
            <li>
              <Link href="/user-agreement">用户协议</Link>
            </li>
            <li>
              <Link href="/privacy-policy">隐私政策</Link>
            </li>
          </ul>
        </section>
      </article>
    </main>
  );
}
