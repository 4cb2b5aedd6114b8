/**
 * The share dialog (docs/spec/accounts-and-people.md §2 "Share dialog", §8, §9): six social targets that are not open yet
 * (each with its service's icon, BrandIcon.tsx),
 * copy link (已复制链接 for 2 s), and save the poster as an image. The poster's code (qrcode,
 * modern-screenshot) starts loading when the dialog opens, never with the page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { COPIED_NOTICE_MS } from '../../../shared/constants.ts';
import { authorAvatar, authorName } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { IDEA_PAGE_MSG, ideaUrl, posterFileName } from '../../lib/idea-page-rules.ts';
import { Modal } from '../Modal.tsx';
import { cardAuthor } from '../IdeaCard.tsx';
import { BrandIcon, type Brand } from '../ui/BrandIcon.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';

const TARGETS: { id: Brand; label: string }[] = [
  { id: 'wechat', label: '微信' },
  { id: 'moments', label: '朋友圈' },
  { id: 'sms', label: '短信' },
  { id: 'xiaohongshu', label: '小红书' },
  { id: 'weibo', label: '微博' },
  { id: 'qq', label: 'QQ' },
];

type Notice = { kind: 'info' | 'error' | 'success'; text: string } | null;

/** The Clipboard API, else the old copy command (pages served over plain http have no navigator.clipboard). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;left:-9999px;top:0;';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function ShareDialog({ idea, onClose }: { idea: IdeaDto | null; onClose: () => void }) {
  const linkId = useId();
  const url = idea ? ideaUrl(window.location.origin, idea.id) : '';
  // Loaded once per dialog opening; awaited on 保存图片.
  const [poster] = useState(() => import('./poster/save-poster.tsx'));
  useEffect(() => {
    poster.catch(() => undefined); // A failed load surfaces when the person saves the image.
  }, [poster]);
  const [copied, setCopied] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // The poster as made, shown in the dialog: where a download is not offered (WeChat's browser) it is
  // saved by pressing on it.
  const [posterImage, setPosterImage] = useState<string | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const copy = async () => {
    setNotice(null);
    try {
      await copyText(url);
      setCopied(true);
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    } catch {
      setNotice({ kind: 'error', text: IDEA_PAGE_MSG.copyFailed });
    }
  };

  const saveImage = async () => {
    setNotice(null);
    if (!idea) return setNotice({ kind: 'error', text: IDEA_PAGE_MSG.noIdea });
    setSaving(true);
    try {
      const { renderPoster, downloadDataUrl } = await poster;
      const author = cardAuthor(idea);
      const png = await renderPoster({ title: idea.title, description: idea.description ?? '', tags: idea.tags ?? [], authorName: authorName(author), authorAvatar: authorAvatar(author) }, url);
      downloadDataUrl(png, posterFileName(idea.title, idea.id));
      setPosterImage(png);
      setNotice({ kind: 'success', text: IDEA_PAGE_MSG.posterSaved });
    } catch (err) {
      console.error('[share poster]', err);
      setNotice({ kind: 'error', text: IDEA_PAGE_MSG.saveImageFailed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="分享创意" onClose={onClose}>
      <div className="share-dialog" data-testid="share-dialog">
        <ul className="share-targets" aria-label="分享到">
          {TARGETS.map((t) => (
            <li key={t.id}>
              <button type="button" className="share-target" onClick={() => setNotice({ kind: 'info', text: IDEA_PAGE_MSG.comingSoon(t.label) })}>
                <BrandIcon brand={t.id} />
                <span>{t.label}</span>
                <span className="visually-hidden">（即将上线）</span>
              </button>
            </li>
          ))}
        </ul>

        <div className="field share-link">
          <label htmlFor={linkId}>创意链接</label>
          <div className="field-row">
            <input id={linkId} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn" onClick={() => void copy()} disabled={!idea} data-testid="copy-link">
              {copied ? '已复制链接' : '复制链接'}
            </button>
          </div>
        </div>

        <BusyButton className="btn btn-primary btn-block share-save" onClick={() => void saveImage()} busy={saving}>
          {saving ? '正在生成图片…' : '保存图片'}
        </BusyButton>

        {/* Always in the dialog, so what arrives is announced: notes politely, failures at once. */}
        <p className="share-notice" role="status" data-testid="share-notice">
          {notice && notice.kind !== 'error' ? notice.text : copied ? IDEA_PAGE_MSG.copied : ''}
        </p>
        <p className="share-notice share-notice-error" role="alert" data-testid="share-error">
          {notice?.kind === 'error' ? notice.text : ''}
        </p>

        {posterImage && (
          <figure className="share-saved-poster">
            <figcaption>{IDEA_PAGE_MSG.posterHint}</figcaption>
            <img src={posterImage} alt={`「${idea?.title ?? ''}」的分享海报`} width={375} height={600} />
            {/* Saving by pressing on the picture needs a pointer: the same file as a link, for a keyboard. */}
            {idea && (
              <a className="btn share-poster-download" href={posterImage} download={posterFileName(idea.title, idea.id)}>
                下载海报
              </a>
            )}
          </figure>
        )}
      </div>
    </Modal>
  );
}
