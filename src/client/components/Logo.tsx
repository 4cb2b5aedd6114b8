/**
 * The logo as the top bars show it: the emblem, the wordmark and its subtitle as real text, so the
 * subtitle stays readable at bar height (the full /logo.svg shrunk to 26px made it about 5px tall).
 */
export function Logo({ subtitle = true }: { subtitle?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="29" fill="#c2410c" />
        <polygon points="0.0,-10.0 2.5,-3.4 9.5,-3.1 4.0,1.3 5.9,8.1 0.0,4.2 -5.9,8.1 -4.0,1.3 -9.5,-3.1 -2.5,-3.4" transform="translate(32 27) scale(1.45)" fill="#fcd34d" />
        <path d="M14 38 Q32 58 50 38" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        <path d="M14 38 l-3 -5 M50 38 l3 -5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="logo-text">
        <span className="logo-name">猎人</span>
        {subtitle && <span className="logo-subtitle">摘星猎人 · 创意社区</span>}
      </span>
    </span>
  );
}
