import { GoButton } from '../components/GoButton.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { usePlatformName } from '../hooks/useSiteIdentity.ts';
import '../styles/static-pages.css';
import { LineIcon } from '../components/ui/LineIcon.tsx';

const PILLARS = [
  {
    icon: 'M12 3 L14 10 L21 12 L14 14 L12 21 L10 14 L3 12 L10 10 Z',
    title: '被发现',
    text: '让每一个灵感都有归处。无论它多么微小、多么不成熟，只要被认真写下，就值得被保存。',
  },
  {
    icon: 'M2 12 C5 6 19 6 22 12 C19 18 5 18 2 12 Z M12 9.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z',
    title: '被看见',
    text: '让好创意走出备忘录，被更多深度思考的探索者、寻找方向的创业者和投资人看到。',
  },
  {
    icon: 'M5 19 L19 5 M10 5 H19 V14',
    title: '被实现',
    text: '让创意遇到能把它做出来的实干家，从一张卡片，走向一个真实的产品或服务。',
  },
  {
    icon: 'M12 20 C5 15 3 11.5 3 8.5 C3 6 5 4 7.5 4 C9.5 4 11 5.5 12 7 C13 5.5 14.5 4 16.5 4 C19 4 21 6 21 8.5 C21 11.5 19 15 12 20 Z',
    title: '造福社会',
    text: '当足够多的好点子被实现，生活中的不便会少一点，世界会变得更好一点。',
  },
];

/** Small line icons for the cards (decorative; the card heading carries the meaning). */
function CardIcon({ d }: { d: string }) {
  return (
    <span className="sp-card-icon" aria-hidden="true">
      <LineIcon d={d} size={20} strokeWidth={2} />
    </span>
  );
}

/** /vision: the platform's vision, ending with the GO button. */
export default function VisionPage() {
  const platformName = usePlatformName();

  usePageTitle('我们的愿景', '猎人创意社区的愿景：让每一个好点子被记录、被看见、被实现。');

  return (
    <main className="sp-page">
      <article className="sp-article">
        <header className="sp-hero">
          <p className="sp-eyebrow">愿景</p>
          <h1>我们的愿景</h1>
          <p className="sp-lead">让好的创意被发现、被看见、被实现，造福社会。</p>
        </header>

        <section className="sp-section" aria-labelledby="vision-why">
          <h2 id="vision-why">为什么要做这件事</h2>
          <p>每天都有无数好点子诞生，又在无人知晓的角落里悄然消失。有人想到了却没有能力去做，有人有能力却找不到值得做的方向，有人愿意投入却遇不到合适的项目。</p>
          <p>{platformName}希望成为连接这些人的地方：让想到的人写下来，让看到的人接过去，让愿意做的人做出来。</p>
        </section>

        <section className="sp-section" aria-labelledby="vision-pillars">
          <h2 id="vision-pillars">我们期待的样子</h2>
          <ul className="sp-grid">
            {PILLARS.map((p) => (
              <li key={p.title} className="sp-card">
                <CardIcon d={p.icon} />
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <figure className="sp-quote">
          <blockquote>
            <p>一个想法的价值，不在于它被谁想到，而在于它最终被谁实现、帮助了多少人。</p>
          </blockquote>
          <figcaption>—— 写给每一位摘星猎人</figcaption>
        </figure>

        <section className="sp-section" aria-labelledby="vision-promise">
          <h2 id="vision-promise">我们的坚持</h2>
          <ul className="sp-list">
            <li>
              <strong>专注创意本身：</strong>平台只提供注册、发布、浏览、评论和分享，不做交易，也不做即时通讯，让交流回到创意本身。
            </li>
            <li>
              <strong>认真对待每一条内容：</strong>所有内容都经过平台审核后才会展示，尽力为大家守护一个干净、可信的社区。
            </li>
            <li>
              <strong>尊重每一位创作者：</strong>你发布的创意始终属于你，我们只为展示和分享而使用它。
            </li>
          </ul>
        </section>

        <div className="sp-go">
          <p>星空已经准备好了，出发去发现下一个好创意</p>
          <GoButton />
        </div>
      </article>
    </main>
  );
}
