import { useToast } from '../ui/Toast.tsx';
import { BrandIcon, type Brand } from '../ui/BrandIcon.tsx';

const OTHER_METHODS: { label: string; brand: Brand }[] = [
  { label: '微信', brand: 'wechat' },
  { label: '支付宝', brand: 'alipay' },
  { label: '抖音', brand: 'douyin' },
  { label: '小红书', brand: 'xiaohongshu' },
  { label: '今日头条', brand: 'toutiao' },
  { label: '微博', brand: 'weibo' },
];

/** 其他登录方式: not open yet, each says so when tapped. */
export function OtherMethods() {
  const toast = useToast();
  return (
    <div className="auth-other">
      <p className="muted">其他登录方式（即将开放）</p>
      <ul className="auth-other-list">
        {OTHER_METHODS.map((m) => (
          <li key={m.brand}>
            <button type="button" className="auth-other-method" onClick={() => toast(`${m.label}登录即将开放，敬请期待`, 'info')}>
              <BrandIcon brand={m.brand} size={36} />
              <span>{m.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
