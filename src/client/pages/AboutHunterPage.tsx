import { GoButton } from '../components/GoButton.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { usePlatformName } from '../hooks/useSiteIdentity.ts';
import '../styles/static-pages.css';

const HUNTER_STEPS = [
  { title: '捕捉', text: '灵感出现的那一刻，把它记下来。一个场景、一处不便、一个“要是……就好了”的念头，都可能是一颗星。' },
  { title: '打磨', text: '把念头整理成一张创意卡片：它解决什么问题，为谁而做，怎样实现。写清楚，它才会发光。' },
  { title: '发布', text: '经平台审核后，你的创意会出现在创意市场，被更多探索者、实干家和投资人看见。' },
  { title: '实现', text: '通过评论和分享，让创意遇到愿意把它做出来的人。星星被摘下，才算真正属于这个世界。' },
];

/** /about-hunter: the brand story behind the name "hunter", ending with the GO button. */
export default function AboutHunterPage() {
  const platformName = usePlatformName();

  usePageTitle('猎人的由来', '为什么叫“猎人”？捕捉、打磨、发布、实现：猎人创意社区的品牌故事。');

  return (
    <main className="sp-page">
      <article className="sp-article">
        <header className="sp-hero">
          <img className="sp-hero-emblem" src="/logo.svg" alt={`${platformName}标志：被稳稳接住的星星`} width={240} height={64} />
          <p className="sp-eyebrow">品牌故事</p>
          <h1>猎人的由来</h1>
          <p className="sp-lead">每个人的脑海里都有星星闪过，只是大多数都没有被接住。</p>
        </header>

        <section className="sp-section" aria-labelledby="hunter-spark">
          <h2 id="hunter-spark">灵感像流星</h2>
          <p>洗澡时突然想到的产品点子，通勤路上冒出的改进方案，和朋友聊天时脱口而出的“要是有这么个东西就好了”——灵感总是来得毫无预兆，又走得悄无声息。</p>
          <p>同一个念头，往往会在许多人的脑海里闪过。可是绝大多数人只是想了想，就把它留在了那一刻。真正不同的，是那个抬手把它抓住、又坚持把它变成现实的人。</p>
        </section>

        <figure className="sp-quote">
          <blockquote>
            <p>谁先捕捉并实现灵感，谁就拥有命名权。</p>
          </blockquote>
          <figcaption>—— 这是我们相信的规则，也是“猎人”这个名字的由来</figcaption>
        </figure>

        <section className="sp-section" aria-labelledby="hunter-name">
          <h2 id="hunter-name">摘星猎人</h2>
          <p>
            我们把这样的人称为<strong>“摘星猎人”</strong>。他们对世界保持好奇，对问题保持敏感；他们不满足于“想到过”，而是要“做出来”。在我们看来，每一个好创意都是一颗星，而猎人，就是那个伸手摘星的人。
          </p>
          <p>在{platformName}，每一位注册用户都是一名猎人，都会拥有一个专属的猎人编号。你发布的每一张创意卡片，都是你在星空中留下的坐标：它记录了你在何时、以怎样的方式捕捉到了这颗星。</p>
        </section>

        <section className="sp-section" aria-labelledby="hunter-steps">
          <h2 id="hunter-steps">猎人的四个动作</h2>
          <ol className="sp-steps">
            {HUNTER_STEPS.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                {step.text}
              </li>
            ))}
          </ol>
        </section>

        <section className="sp-section" aria-labelledby="hunter-invite">
          <h2 id="hunter-invite">成为猎人</h2>
          <p>你不需要是发明家，也不需要有完整的计划。只要你愿意认真对待自己的每一个灵感，你就已经是一名猎人了。星空一直都在，现在就出发吧。</p>
        </section>

        <div className="sp-go">
          <p>去看看其他猎人摘到了哪些星星</p>
          <GoButton />
        </div>
      </article>
    </main>
  );
}
