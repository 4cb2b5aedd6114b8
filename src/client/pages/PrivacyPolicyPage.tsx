import { type ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { usePlatformName, useSiteIdentity } from '../hooks/useSiteIdentity.ts';
import '../styles/static-pages.css';

/** Change both dates whenever the text below changes in substance. */
const UPDATED_ON = '2026年11月20日';
const EFFECTIVE_ON = '2026年11月20日';

const DEFAULT_COMPANY_NAME = '平台运营方';

interface Chapter {
  id: string;
  title: string;
  body: ReactNode;
}

const COLLECTED = [
  {
    scene: '注册与登录',
    data: '手机号码、短信验证码、登录密码',
    purpose: '创建账号、验证手机号码归属、登录和找回密码。密码仅以不可逆的加密摘要形式保存，任何人都无法查看明文。',
  },
  {
    scene: '个人资料',
    data: '系统生成的昵称与猎人编号、您选择的预设头像、个人简介',
    purpose: '在创意卡片、评论和个人主页中标识您的身份。',
  },
  {
    scene: '发布与互动',
    data: '创意卡片的文字与图片、草稿、评论与回复、收藏、关注、点赞、举报和意见反馈',
    purpose: '提供发布、浏览、评论和分享服务，进行内容审核，并向您发送审核结果等站内消息。上传的图片会被重新编码并去除拍摄地点等元数据。',
  },
  {
    scene: '安全保障',
    data: 'IP 地址、登录会话记录、访问时间、操作日志',
    purpose: '识别异常登录，限制短信和登录频率，防范刷号、攻击和欺诈，保障账号与平台安全。',
  },
];

const LOCAL_STORAGE = [
  { key: 'authToken', content: '登录凭证', purpose: '保持您的登录状态，向服务器证明请求来自您本人。' },
  { key: 'userInfo', content: '账号基本信息（编号、昵称、头像、手机号码或邮箱）', purpose: '在页面上显示您的头像和昵称，判断您是否已登录。' },
  { key: '最近登录的手机号码', content: '最多 8 个您在本设备上登录过的手机号码', purpose: '方便您下次登录时快速选择。' },
  { key: '关注动态的浏览记录', content: '您已查看过其动态的用户编号', purpose: '在“关注动态”中标记新内容。' },
];

/** /privacy-policy: what the platform collects, why, how long, and the user's rights. */
export default function PrivacyPolicyPage() {
  const site = useSiteIdentity();
  const platform = usePlatformName();
  const company = site?.companyName || DEFAULT_COMPANY_NAME;
  const email = site?.contactEmail ? <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> : '（联系邮箱加载中…）';

  usePageTitle('隐私政策', '猎人创意社区隐私政策：我们收集哪些信息、如何使用和保护，以及您享有的权利。');

  const chapters: Chapter[] = [
    {
      id: 'pp-1',
      title: '一、我们收集哪些信息',
      body: (
        <>
          <p>
            我们遵循合法、正当、必要和诚信的原则，仅收集实现产品功能所必需的信息。
            <span className="sp-highlight">我们不会收集您的精确位置、通讯录、相册或身份证件等与服务无关的信息。</span>
          </p>
          <div className="sp-table-wrap">
            <table className="sp-table">
              <caption>我们在各使用场景中收集的信息</caption>
              <thead>
                <tr>
                  <th scope="col">使用场景</th>
                  <th scope="col">收集的信息</th>
                  <th scope="col">用途</th>
                </tr>
              </thead>
              <tbody>
                {COLLECTED.map((row) => (
                  <tr key={row.scene}>
                    <th scope="row">{row.scene}</th>
                    <td data-label="收集的信息">{row.data}</td>
                    <td data-label="用途">{row.purpose}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <span className="sp-highlight">手机号码是注册本平台所必需的信息。</span>
            如您不提供手机号码或未通过短信验证，将无法注册账号，但仍可以游客身份浏览公开的创意。
          </p>
        </>
      ),
    },
    {
      id: 'pp-2',
      title: '二、我们如何使用信息',
      body: (
        <ol className="sp-list">
          <li>向您提供注册、登录、发布、浏览、评论、收藏、关注和分享等服务；</li>
          <li>向您的手机号码发送注册、登录、找回密码和换绑手机所需的短信验证码；</li>
          <li>对您发布的内容进行审核，并通过站内消息告知审核结果；</li>
          <li>处理您的举报、申诉和意见反馈；</li>
          <li>保障账号与平台安全，预防和处置违法违规行为；</li>
          <li>在去除身份标识后进行统计分析，以改进产品体验。</li>
        </ol>
      ),
    },
    {
      id: 'pp-3',
      title: '三、Cookie 与浏览器本地存储',
      body: (
        <>
          <p>本平台不使用第三方广告或跟踪 Cookie。为了让您保持登录状态并获得更顺畅的体验，我们会在您浏览器的本地存储（localStorage）中保存以下信息，这些信息只保存在您的设备上：</p>
          <div className="sp-table-wrap">
            <table className="sp-table">
              <caption>保存在您浏览器中的信息</caption>
              <thead>
                <tr>
                  <th scope="col">名称</th>
                  <th scope="col">内容</th>
                  <th scope="col">用途</th>
                </tr>
              </thead>
              <tbody>
                {LOCAL_STORAGE.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.key}</th>
                    <td data-label="内容">{row.content}</td>
                    <td data-label="用途">{row.purpose}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            您退出登录时，authToken 和 userInfo 会被清除。您也可以随时通过浏览器设置清除本站的全部本地数据，清除后需要重新登录。
            <span className="sp-highlight">请勿在公共设备上保持登录，使用后请及时退出。</span>
          </p>
        </>
      ),
    },
    {
      id: 'pp-4',
      title: '四、信息的公开、共享与披露',
      body: (
        <>
          <h3>1. 公开展示的信息</h3>
          <p>
            您的昵称、头像、猎人编号、个人简介，以及审核通过的创意卡片和评论，会向其他用户和游客公开展示。
            <span className="sp-highlight">您的手机号码、邮箱和密码不会被公开展示。</span>
          </p>
          <h3>2. 委托处理与共享</h3>
          <p>为向您发送短信验证码，我们需要将您的手机号码提供给依法合规的短信服务提供商，并要求其仅为发送短信之目的使用、严格保密。除此之外，未经您的同意，我们不会与任何第三方共享您的个人信息。</p>
          <h3>3. 转让与公开披露</h3>
          <p>
            <span className="sp-highlight">我们不会出售您的个人信息。</span>
            仅在法律法规规定、司法或行政机关依法要求，或为保护您、其他用户及社会公众的人身财产安全所必需时，我们才会依法披露必要的信息。如发生合并、收购等情况，我们会要求新的持有方继续受本政策约束。
          </p>
        </>
      ),
    },
    {
      id: 'pp-5',
      title: '五、信息的存储与保护',
      body: (
        <ol className="sp-list">
          <li>我们在中华人民共和国境内收集和产生的个人信息，存储在中华人民共和国境内。</li>
          <li>我们采用传输加密、密码加密存储、访问权限控制、操作日志等措施保护您的信息。登录会话在一段时间不活动后会自动失效。</li>
          <li>我们仅在实现本政策所述目的所必需的最短期限内保存您的个人信息。您删除的创意会在回收站保留 7 天供您恢复，期满后永久删除。</li>
          <li>
            <span className="sp-highlight">如您的账号连续6至12个月未登录使用，我们可能在提前通知后回收该账号，并删除或匿名化处理相关个人信息。</span>
          </li>
          <li>如不幸发生个人信息安全事件，我们将按照法律法规的要求及时告知您事件情况、可能的影响和我们已采取的措施，并向有关部门报告。</li>
        </ol>
      ),
    },
    {
      id: 'pp-6',
      title: '六、您的权利',
      body: (
        <>
          <p>您对自己的个人信息享有以下权利：</p>
          <ol className="sp-list">
            <li>
              <strong>查阅与复制（获取副本）：</strong>
              <span className="sp-highlight">您可以随时在“安全设置 → 我的数据”中下载本平台保存的关于您的全部个人信息的副本，</span>
              包括个人资料、创意（含图片）、草稿、评论、收藏、关注、消息、反馈，以及解锁、点赞、举报和登录记录，打包为一个 ZIP 文件（JSON
              格式，附中文说明）。副本只包含您本人的信息，不含他人的个人信息（《个人信息保护法》第四十五条）。
            </li>
            <li>
              <strong>更正：</strong>您可以在“编辑资料”中查看和修改头像等资料，在“安全设置”中修改密码和换绑手机号码。
            </li>
            <li>
              <strong>删除：</strong>
              <span className="sp-highlight">您可以随时删除自己发布的创意、草稿和评论，也可以通过注销账号删除您的账号及个人信息</span>
              （见下文“七、注销账号”）；符合法律规定的其他情形，您也可以要求我们删除您的个人信息（《个人信息保护法》第四十七条）。
            </li>
            <li>
              <strong>撤回同意：</strong>您可以通过注销账号的方式撤回对本政策的同意，撤回不影响此前基于您的同意已进行的处理。
            </li>
            <li>
              <strong>解释说明：</strong>您可以联系我们，要求我们对个人信息处理规则作出解释。
            </li>
          </ol>
          <p>
            <span className="sp-highlight">对于您提出的上述请求，我们会在核实您的身份后，于15个工作日内答复。</span>
            对于合理的请求，我们原则上不收取费用；对于重复、明显超出合理限度或危害他人合法权益的请求，我们可能予以拒绝并说明理由。
          </p>
        </>
      ),
    },
    {
      id: 'pp-7',
      title: '七、注销账号',
      body: (
        <>
          <p>您可以在“安全设置”中的“注销账号”页面，选择注销原因并输入确认文字后注销账号。注销完成后：</p>
          <ul className="sp-list">
            <li>
              <span className="sp-highlight">您的个人信息将被删除或匿名化处理，</span>
              昵称、头像、个人简介、密码等不再保留；
            </li>
            <li>
              <span className="sp-highlight">您绑定的手机号码将被释放，</span>
              可用于重新注册新账号；
            </li>
            <li>您的全部登录会话立即失效，您发布的创意不再公开展示，您的评论显示为“已注销用户”，收藏和关注关系被清除；</li>
            <li>账号注销不可恢复，请您在操作前确认已不再需要该账号中的内容。</li>
          </ul>
          <p>法律法规另有留存要求的，我们将在规定期限内安全保存相关信息，期满后删除或匿名化处理。</p>
        </>
      ),
    },
    {
      id: 'pp-8',
      title: '八、未成年人保护',
      body: (
        <ol className="sp-list">
          <li>
            <span className="sp-highlight">本平台主要面向成年人。我们不会主动收集不满14周岁儿童的个人信息。</span>
          </li>
          <li>
            <span className="sp-highlight">如您未满18周岁，请在父母或其他监护人的陪同下阅读本政策，并在取得监护人同意后使用本平台。</span>
          </li>
          <li>如我们发现在未事先获得可证实的监护人同意的情况下收集了儿童的个人信息，会尽快删除相关信息。</li>
          <li>监护人如对其监护的未成年人的信息处理有疑问，或希望查阅、更正、删除相关信息，请通过本政策末尾的方式联系我们。</li>
        </ol>
      ),
    },
    {
      id: 'pp-9',
      title: '九、本政策的更新',
      body: (
        <p>
          我们可能适时修订本政策。修订后的政策将在本页面公布并更新日期；对于重大变更（例如处理目的、信息类型或共享对象发生变化），我们会通过站内消息或弹窗等显著方式通知您。未经您明确同意，我们不会削减您依据本政策享有的权利。
        </p>
      ),
    },
    {
      id: 'pp-10',
      title: '十、联系我们',
      body: (
        <>
          <p>如您对本政策或个人信息保护有任何疑问、意见或投诉，或希望行使您的权利，请通过以下方式联系我们：</p>
          <ul className="sp-list">
            <li>个人信息处理者：{company}</li>
            <li>电子邮箱：{email}</li>
            <li>联系电话：{site?.contactPhone || '加载中…'}</li>
            <li>办公地址：{site?.officeAddress || '加载中…'}</li>
          </ul>
          <p>我们将在核实您的身份后15个工作日内答复。如您对答复不满意，还可以向网信、公安等监管部门投诉举报。</p>
        </>
      ),
    },
  ];

  return (
    <main className="sp-page">
      <article className="sp-article">
        <header className="sp-hero">
          <p className="sp-eyebrow">{platform}</p>
          <h1>隐私政策</h1>
          <p className="sp-meta">
            更新日期：{UPDATED_ON} · 生效日期：{EFFECTIVE_ON}
          </p>
        </header>

        <p>
          {platform}（以下简称“本平台”）由{company}（以下简称“我们”）运营。我们深知个人信息对您的重要性，并将依据《中华人民共和国个人信息保护法》等法律法规，尽力保护您的个人信息安全。
        </p>
        <p>
          本政策说明我们如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。请您在使用本平台前仔细阅读，并同时阅读
          <Link href="/user-agreement">《用户协议》</Link>。
        </p>

        <nav className="sp-toc" aria-labelledby="pp-toc-title">
          <p className="sp-toc-title" id="pp-toc-title">
            目录
          </p>
          <ol>
            {chapters.map((c) => (
              <li key={c.id}>
                <a href={`#${c.id}`}>{c.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        {chapters.map((chapter) => (
          <section key={chapter.id} id={chapter.id} className="sp-section" aria-labelledby={`${chapter.id}-h`}>
            <h2 id={`${chapter.id}-h`}>{chapter.title}</h2>
            {chapter.body}
          </section>
        ))}
      </article>
    </main>
  );
}
