/**
 * Favourite (with its count) and share: beside the author on desktop, a bar fixed to the bottom of
 * the screen on phones, where the thumb is.
 */
import { BusyButton } from '../ui/BusyButton.tsx';
import { useFavorite } from './useFavorite.ts';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="6" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="18" cy="18.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** Without `onShare` (an idea that is not public) there is no share button. */
export function IdeaActions({ ideaId, favoriteCount, loggedIn, onShare }: { ideaId: number; favoriteCount: number; loggedIn: boolean; onShare?: () => void }) {
  const favorite = useFavorite(ideaId, favoriteCount, loggedIn);
  return (
    <div className="idea-actions" role="group" aria-label="收藏与分享">
      <BusyButton
        className={`btn idea-action idea-favorite ${favorite.isFavorite ? 'idea-favorite-on' : ''}`}
        onClick={() => void favorite.toggle()}
        busy={favorite.busy}
        aria-pressed={favorite.isFavorite}
        data-testid="favorite-button"
      >
        <HeartIcon filled={favorite.isFavorite} />
        <span>{favorite.isFavorite ? '已收藏' : '收藏'}</span>
        <span className="idea-favorite-count" data-testid="favorite-count">
          {favorite.favoriteCount}
        </span>
      </BusyButton>
      {onShare && (
        <button type="button" className="btn idea-action" onClick={onShare} aria-haspopup="dialog">
          <ShareIcon />
          <span>分享</span>
        </button>
      )}
    </div>
  );
}
