/**
 * The share poster (accounts §2 "Share dialog", §9): 375×600 CSS pixels — the logo, title, up to 3
 * tags, the description clamped to 3 lines, the author, and the QR code of the idea's address.
 * Rendered off screen only to be photographed by save-poster.tsx.
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

export function SharePoster({ idea, qrDataUrl, qrSize }: { idea: PosterIdea; qrDataUrl: string; qrSize: number }) {
  return (
    <div className="share-poster">
      <div className="share-poster-top">
        <Logo />
      </div>
      <div className="share-poster-card">
        <h2 className="share-poster-title">{idea.title}</h2>
        {idea.tags.length > 0 && (
          <ul className="share-poster-tags">
            {idea.tags.slice(0, CARD_TAGS_SHOWN).map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        {idea.description.trim() && <p className="share-poster-desc">{idea.description}</p>}
        <div className="share-poster-author">
          <img src={idea.authorAvatar} alt="" width={28} height={28} />
          <span>{idea.authorName}</span>
        </div>
      </div>
      <div className="share-poster-bottom">
        <div className="share-poster-cta">
          <p className="share-poster-cta-main">扫码查看完整创意</p>
          <p>发现好点子，来猎人创意社区</p>
        </div>
        <img className="share-poster-qr" src={qrDataUrl} alt="" width={qrSize} height={qrSize} />
      </div>
    </div>
  );
}
