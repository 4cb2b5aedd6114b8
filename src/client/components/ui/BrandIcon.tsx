/**
 * Icons of the services the spec lists as "coming soon" (login with WeChat, Alipay, Douyin,
 * Xiaohongshu, Toutiao, Weibo; sharing to WeChat, Moments, SMS, Xiaohongshu, Weibo, QQ): simplified
 * drawings of each brand's own mark in its own colours, inline SVG (no icon font, no request).
 * Xiaohongshu, Alipay and Toutiao are known by their lettered app icons, so those are drawn as such.
 * Decorative: the button beside or around the icon carries the name.
 */
export const BRANDS = ['wechat', 'moments', 'sms', 'xiaohongshu', 'weibo', 'qq', 'alipay', 'douyin', 'toutiao'] as const;
export type Brand = (typeof BRANDS)[number];

/** The six blades of the Moments aperture, in the mark's colours, clockwise from the top. */
const APERTURE = ['#f5c518', '#8bc34a', '#26a69a', '#42a5f5', '#ab47bc', '#ef5350'];

function polar(angleDeg: number, r: number): string {
  const a = (angleDeg * Math.PI) / 180;
  return `${(24 + r * Math.cos(a)).toFixed(2)} ${(24 + r * Math.sin(a)).toFixed(2)}`;
}

function Mark({ brand }: { brand: Brand }) {
  switch (brand) {
    case 'wechat':
      return (
        <>
          <circle cx="24" cy="24" r="24" fill="#07c160" />
          <path d="M19.5 11C12.6 11 7 15.6 7 21.3c0 3.2 1.8 6 4.6 7.9l-1.1 3.6 4.3-2.3c1.5.4 3 .7 4.7.7h.6a9.4 9.4 0 0 1-.4-2.6c0-5.6 5.4-10.1 12-10.1h.6C31.1 14.4 25.9 11 19.5 11z" fill="#fff" />
          <circle cx="15.3" cy="18.6" r="1.7" fill="#07c160" />
          <circle cx="23.5" cy="18.6" r="1.7" fill="#07c160" />
          <path d="M32.3 20.1c-5.8 0-10.4 3.9-10.4 8.6 0 4.8 4.6 8.6 10.4 8.6 1.3 0 2.5-.2 3.6-.5l3.5 1.9-.9-3c2.5-1.6 4.1-4.1 4.1-7 0-4.7-4.6-8.6-10.3-8.6z" fill="#fff" />
          <circle cx="28.9" cy="26.4" r="1.4" fill="#07c160" />
          <circle cx="35.6" cy="26.4" r="1.4" fill="#07c160" />
        </>
      );
    case 'moments':
      return (
        <>
          <circle cx="24" cy="24" r="24" fill="#fff" />
          <circle cx="24" cy="24" r="23.25" fill="none" stroke="#e5e7eb" strokeWidth="1.5" />
          {APERTURE.map((color, i) => {
            const from = -90 + i * 60;
            return <path key={color} d={`M24 24L${polar(from, 16)}A16 16 0 0 1 ${polar(from + 60, 16)}Z`} fill={color} />;
          })}
          {/* The blades' edges, offset from the centre as in a camera's shutter. */}
          {APERTURE.map((color, i) => (
            <path key={`edge-${color}`} d={`M${polar(-90 + i * 60, 6)}L${polar(-30 + i * 60 - 18, 16.5)}`} stroke="#fff" strokeWidth="1.6" />
          ))}
          <circle cx="24" cy="24" r="6" fill="#fff" />
        </>
      );
    case 'sms':
      return (
        <>
          <rect width="48" height="48" rx="12" fill="#34c759" />
          <path d="M24 11c-8.8 0-16 5.6-16 12.5 0 4 2.4 7.5 6.1 9.8-.4 2-1.5 3.9-3.1 5.2 3.1-.1 5.9-1.3 7.8-3.2 1.6.4 3.4.7 5.2.7 8.8 0 16-5.6 16-12.5S32.8 11 24 11z" fill="#fff" />
          <circle cx="17" cy="23.5" r="2" fill="#34c759" />
          <circle cx="24" cy="23.5" r="2" fill="#34c759" />
          <circle cx="31" cy="23.5" r="2" fill="#34c759" />
        </>
      );
    case 'xiaohongshu':
      return (
        <>
          <rect width="48" height="48" rx="12" fill="#ff2442" />
          <text x="24" y="29" textAnchor="middle" fontSize="12.5" fontWeight="700" fill="#fff" letterSpacing="-0.5">
            小红书
          </text>
        </>
      );
    case 'weibo':
      return (
        <>
          <circle cx="24" cy="24" r="24" fill="#fff" />
          <circle cx="24" cy="24" r="23.25" fill="none" stroke="#e5e7eb" strokeWidth="1.5" />
          {/* The face, its eye and the two signal arcs of the mark. */}
          <ellipse cx="21" cy="29" rx="15" ry="11" transform="rotate(-14 21 29)" fill="#e6162d" />
          <ellipse cx="19.8" cy="30.6" rx="8.4" ry="6" transform="rotate(-14 19.8 30.6)" fill="#fff" />
          <ellipse cx="19" cy="31.4" rx="3.8" ry="3" transform="rotate(-14 19 31.4)" fill="#1f2937" />
          <circle cx="20.2" cy="30.4" r="0.9" fill="#fff" />
          <path d="M31.5 10.5a8.6 8.6 0 0 1 8.6 9.7" fill="none" stroke="#f59e0b" strokeWidth="2.6" strokeLinecap="round" />
          <path d="M31.2 15.3a3.9 3.9 0 0 1 4.1 4.6" fill="none" stroke="#f59e0b" strokeWidth="2.4" strokeLinecap="round" />
        </>
      );
    case 'qq':
      return (
        <>
          <circle cx="24" cy="24" r="24" fill="#12b7f5" />
          {/* The penguin: black body, white belly, yellow beak and feet, red scarf. */}
          <ellipse cx="24" cy="24" rx="10" ry="13" fill="#111827" />
          <ellipse cx="24" cy="28.5" rx="7" ry="8" fill="#fff" />
          <ellipse cx="20.4" cy="17" rx="2.1" ry="2.6" fill="#fff" />
          <ellipse cx="27.6" cy="17" rx="2.1" ry="2.6" fill="#fff" />
          <circle cx="20.9" cy="17.5" r="1.1" fill="#111827" />
          <circle cx="27.1" cy="17.5" r="1.1" fill="#111827" />
          <ellipse cx="24" cy="21.2" rx="3.4" ry="1.7" fill="#fbbf24" />
          <path d="M14.8 23.5c5.7 2.4 12.7 2.4 18.4 0l.6 2.6c-1.5.7-3.2 1.2-5 1.5l1 3.6-3.1-.6-.5-2.8c-2.5.2-5.1 0-7.6-.6l-3.5-1.1z" fill="#ef4444" />
          <ellipse cx="18.6" cy="37.3" rx="4.6" ry="1.9" fill="#fbbf24" />
          <ellipse cx="29.4" cy="37.3" rx="4.6" ry="1.9" fill="#fbbf24" />
        </>
      );
    case 'alipay':
      return (
        <>
          <rect width="48" height="48" rx="12" fill="#1677ff" />
          <text x="24" y="33" textAnchor="middle" fontSize="25" fontWeight="700" fill="#fff">
            支
          </text>
        </>
      );
    case 'douyin':
      return (
        <>
          <circle cx="24" cy="24" r="24" fill="#161823" />
          {/* The note three times: cyan and red offsets behind the white one, as in the mark. */}
          {[
            { color: '#25f4ee', dx: -1.3, dy: -1.3 },
            { color: '#fe2c55', dx: 1.3, dy: 1.3 },
            { color: '#fff', dx: 0, dy: 0 },
          ].map(({ color, dx, dy }) => (
            <g key={color} transform={`translate(${dx} ${dy})`} fill="none" stroke={color} strokeWidth="4.2" strokeLinecap="round">
              <path d="M26 11.5v16.8a5.8 5.8 0 1 1-5.8-5.8" />
              <path d="M26 11.5c.8 3.9 3.6 6.5 7.6 7" />
            </g>
          ))}
        </>
      );
    case 'toutiao':
      return (
        <>
          <rect width="48" height="48" rx="12" fill="#f04142" />
          <text x="24" y="30" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff">
            头条
          </text>
        </>
      );
  }
}

export function BrandIcon({ brand, size = 44 }: { brand: Brand; size?: number }) {
  return (
    <svg className="brand-icon" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false" data-brand={brand}>
      <Mark brand={brand} />
    </svg>
  );
}
