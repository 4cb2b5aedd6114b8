/**
 * The share poster (docs/spec/accounts-and-people.md §2 "Share dialog", §9): 375×600 CSS pixels — the logo, the title on a
 * brand-coloured block that takes the height the rest leaves (so a short idea leaves no empty band),
 * up to 3 tags, the description clamped to 3 lines, the author, and the QR code of the
 * idea's address on white. Rendered off screen only to be photographed by save-poster.tsx.
 */
import { CARD_TAGS_SHOWN } from '../../../../shared/idea-rules.ts';
import { Logo } from '../../Logo.tsx';
import './poster.css';

export interface PosterIdea {
  title: string;
  description: string;
  tags: readonly string[];
  authorName: string;
  authorAvatar: string;
}

/** Short titles are set larger, long ones smaller, so each fills the block in at most 4 lines. */
function titleSize(title: string): 'short' | 'medium' | 'long' {
  const length = [...title].length;
  return length <= 12 ? 'short' : length <= 30 ? 'medium' : 'long';
}

export function SharePoster({ idea, qrDataUrl, qrSize }: { idea: PosterIdea; qrDataUrl: string; qrSize: number }) {
  const description = idea.description.trim();
  return (
    <div className="share-poster">
      <div className="share-poster-top">
        <Logo />
        <span className="share-poster-kicker">创意卡片</span>
      </div>
      <div className="share-poster-hero">
        <span className="share-poster-orb" />
        <span className="share-poster-quote">“</span>
        <p className="share-poster-label">一个值得实现的好点子</p>
        <h2 className={`share-poster-title share-poster-title-${titleSize(idea.title)}`}>{idea.title}</h2>
        {idea.tags.length > 0 && (
          <ul className="share-poster-tags">
            {idea.tags.slice(0, CARD_TAGS_SHOWN).map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
      </div>
      {description && <p className="share-poster-desc">{description}</p>}
      <div className="share-poster-author">
        <img src={idea.authorAvatar} alt="" width={28} height={28} />
        <span>
          {/* The author's, whoever shares it: a reader's poster said the author had shared it. */}
          创意来自 <strong>{idea.authorName}</strong>
        </span>
      </div>
      <div className="share-poster-bottom">
        <div className="share-poster-cta">
          <p className="share-poster-cta-main">扫码查看完整创意</p>
          <p>详细分析、扩展和讨论都在这里</p>
          <p className="share-poster-site">猎人创意社区 · 发现好点子</p>
        </div>
        <img className="share-poster-qr" src={qrDataUrl} alt="" width={qrSize} height={qrSize} />
      </div>
    </div>
  );
}
