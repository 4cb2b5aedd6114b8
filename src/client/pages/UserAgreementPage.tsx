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
  clauses: ReactNode[];
}

/** /user-agreement: the terms every hunter accepts when registering. */
export default function UserAgreementPage() {
  const site = useSiteIdentity();
  const platform = usePlatformName();
  const company = site?.companyName || DEFAULT_COMPANY_NAME;
  const email = site?.contactEmail ? <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> : '（联系邮箱加载中…）';

  usePageTitle('用户协议', '猎人创意社区用户协议：注册与账号、发布内容的规范与审核、双方的权利和义务。');

  const chapters: Chapter[] = [
    {
      id: 'ua-1',
      title: '一、协议的范围与接受',
      clauses: [
        <>
          本协议是您与{company}（以下简称“我们”）之间就使用{platform}（以下简称“本平台”）服务所订立的协议。本平台的网站、页面及相关服务均适用本协议。
        </>,
        <>
          在注册前，请您务必仔细阅读本协议和
          <Link href="/privacy-policy">《隐私政策》</Link>
          ，特别是以<span className="sp-highlight">加粗下划线</span>标示的、与您权益密切相关的条款。您勾选同意并完成注册，或以其他方式实际使用本平台服务，即表示您已阅读、理解并同意本协议的全部内容。
        </>,
        <>
          <span className="sp-highlight">如您未满18周岁，请在父母或其他监护人的陪同下阅读本协议，并在取得监护人同意后再注册和使用本平台。</span>
        </>,
      ],
    },
    {
      id: 'ua-2',
      title: '二、账号注册与使用',
      clauses: [
        <>
          本平台使用手机号码注册。注册时，您需要填写本人实名登记的中国大陆手机号码，并输入我们通过短信发送的验证码以验证号码归属；验证通过并设置登录密码后，注册即完成。一个手机号码只能注册一个账号。
        </>,
        <>注册成功后，系统会为您生成一个默认昵称和一个唯一的账号编号（猎人编号）。您可以在个人资料中修改头像等资料，但不得使用违法、侵权或可能引起误解的内容。</>,
        <>
          您应妥善保管手机号码、登录密码和验证码，不得将账号出借、转让、出售或提供给他人使用。
          <span className="sp-highlight">通过您的账号进行的一切操作，均视为您本人的行为，由您承担相应责任。</span>
          如发现账号被盗用，请立即修改密码并联系我们。
        </>,
        <>如您的手机号码发生变更，请及时在“安全设置”中完成换绑，以免影响账号的正常使用和找回。</>,
        <>
          <span className="sp-highlight">为合理利用资源，如您的账号连续6至12个月未登录使用，我们有权在通过站内方式或其他合理方式提前通知后回收该账号。</span>
          账号被回收后，相关个人信息将依照《隐私政策》删除或匿名化处理。
        </>,
      ],
    },
    {
      id: 'ua-3',
      title: '三、平台提供的服务',
      clauses: [
        <>本平台是一个分享创意的社区。您可以发布创意卡片，内容可以是设计概念、创意产品、生活感悟、创新理念、商业机会等，可以是原创，也可以是您认为值得分享的非原创内容。</>,
        <>
          本平台仅提供<strong>注册、发布、浏览、评论和分享</strong>功能，以及与之配套的收藏、关注、消息通知和意见反馈等辅助功能。
        </>,
        <>
          <span className="sp-highlight">本平台不提供任何交易、支付或撮合服务，也不提供用户之间的即时通讯服务。</span>
          任何以本平台名义要求您转账、付费、购买创意或私下交易的行为均与本平台无关，请您提高警惕，谨防诈骗；由此产生的损失和纠纷，由相关当事人自行承担。
        </>,
        <>我们可能根据业务发展对服务内容进行调整、升级或中止部分功能，并会以适当方式提前告知。</>,
      ],
    },
    {
      id: 'ua-4',
      title: '四、内容发布与审核',
      clauses: [
        <>
          <span className="sp-highlight">您在本平台发布的所有内容，均须经过平台审核，审核通过后才会对其他用户展示。</span>
          审核期间，内容仅您本人可见。
        </>,
        <>审核包括自动检测和人工审核。对于含有违法违规信息、敏感词、与已有内容重复或高度相似、或明显属于广告灌水的内容，我们有权不予通过，并会通过站内消息告知您原因。您可以修改后重新提交。</>,
        <>您在创意卡片中填写的详细分析默认对其他用户锁定显示。您发布的评论、补充内容同样需遵守本协议和相关法律法规。</>,
        <>平台审核仅是对内容合规性的基本判断，并不代表我们认可内容的真实性、准确性、可行性或商业价值。您在参考、使用他人创意时应自行判断并承担风险。</>,
      ],
    },
    {
      id: 'ua-5',
      title: '五、用户行为规范',
      clauses: [
        <>
          您在使用本平台时应遵守中华人民共和国法律法规、社会公德和本协议，不得发布、传播含有下列内容的信息：
          <ul className="sp-list">
            <li>反对宪法确定的基本原则，危害国家安全、荣誉和利益，或破坏民族团结、社会稳定的；</li>
            <li>宣扬恐怖主义、极端主义，或含有淫秽、色情、赌博、暴力、凶杀、教唆犯罪内容的；</li>
            <li>散布谣言，侮辱、诽谤他人，或侵害他人名誉、隐私、肖像等合法权益的；</li>
            <li>侵犯他人著作权、商标权、专利权、商业秘密等知识产权的；</li>
            <li>未经同意公开他人手机号码、住址、身份证号码等个人信息的；</li>
            <li>含有广告、推销、引流、诈骗或其他与创意分享无关的商业信息的；</li>
            <li>法律法规禁止的其他内容。</li>
          </ul>
        </>,
        <>您不得利用技术手段批量注册账号、刷取数据、恶意抓取内容、干扰平台正常运行，也不得冒充他人或平台工作人员。</>,
        <>您发现违规内容时，可以通过评论的举报功能或意见反馈告诉我们，我们会及时核查处理。</>,
      ],
    },
    {
      id: 'ua-6',
      title: '六、知识产权与内容授权',
      clauses: [
        <>
          <span className="sp-highlight">您对自己发布的原创创意及相关内容依法享有的权利，仍归您本人所有。</span>
          发布非原创内容时，您应注明来源，并确保不侵犯他人的合法权益。
        </>,
        <>
          为了向其他用户展示您的内容并提供分享等服务，您同意授予我们一项免费的、非独占的许可，允许我们在本平台及与本平台相关的分享、宣传场景中，对您公开发布的内容进行存储、展示、复制、生成分享图片和链接。该许可仅用于运营和推广本平台，在您删除相关内容或注销账号后终止，但已被他人合法分享或依法需要留存的部分除外。
        </>,
        <>
          <span className="sp-highlight">创意一经公开发布，即可被其他用户浏览和分享。如您希望通过专利、商业秘密等方式保护某项创意，请在发布前慎重考虑公开的范围与程度。</span>
          我们无法保证他人不会在平台之外使用您公开的创意，但会依法配合您维护自身权益。
        </>,
        <>本平台的名称、标志、页面设计、软件代码等内容的知识产权归{company}或相关权利人所有，未经书面许可，任何人不得使用。</>,
      ],
    },
    {
      id: 'ua-7',
      title: '七、违规处理',
      clauses: [
        <>如您违反本协议或相关法律法规，我们有权视情节采取以下措施：不予通过审核、删除内容、限制部分功能、暂停或终止提供服务、回收账号，并依法向有关部门报告。</>,
        <>如您的行为给我们或他人造成损失，您应依法承担赔偿责任。</>,
        <>如您对处理结果有异议，可以通过本协议末尾的联系方式提出申诉，我们会在核实后予以答复。</>,
      ],
    },
    {
      id: 'ua-8',
      title: '八、账号注销',
      clauses: [
        <>您可以随时在“安全设置”中申请注销账号。注销前，请您选择注销原因，并按页面提示输入确认文字完成确认。</>,
        <>
          <span className="sp-highlight">
            账号注销后不可恢复。我们将删除或匿名化处理您的个人信息，您绑定的手机号码将被释放，可用于重新注册；您发布的创意将不再公开展示，您发表的评论将显示为“已注销用户”，您的收藏和关注关系将被清除。
          </span>
        </>,
        <>法律法规要求留存的信息，我们会在规定期限内依法保存，期满后删除或匿名化处理。</>,
      ],
    },
    {
      id: 'ua-9',
      title: '九、免责与责任限制',
      clauses: [
        <>本平台上的创意内容由用户发布，仅代表发布者本人的观点，不构成任何投资、商业或专业建议。您据此作出的任何决定，风险由您自行承担。</>,
        <>因不可抗力、网络故障、电信运营商原因、黑客攻击或系统维护等原因导致服务中断或数据延迟的，我们会尽力减少影响，但在法律允许的范围内不承担责任。</>,
        <>本平台可能包含由用户提供的外部链接，我们对外部网站的内容和安全性不作保证。</>,
      ],
    },
    {
      id: 'ua-10',
      title: '十、协议的变更',
      clauses: [
        <>我们可能根据法律法规变化或业务调整修订本协议。修订后的协议将在本页面公布，涉及您重要权益的变更，我们会通过站内消息或弹窗等显著方式提前通知您。</>,
        <>如您不同意修订后的内容，可以停止使用并注销账号；如您在修订生效后继续使用本平台，即视为您接受修订后的协议。</>,
      ],
    },
    {
      id: 'ua-11',
      title: '十一、法律适用与争议解决',
      clauses: [<>本协议的订立、履行和解释均适用中华人民共和国大陆地区法律。</>, <>因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方均可向{company}所在地有管辖权的人民法院提起诉讼。</>],
    },
    {
      id: 'ua-12',
      title: '十二、联系我们',
      clauses: [
        <>如您对本协议有任何疑问、意见或投诉，可以通过以下方式联系我们：</>,
        <>
          <ul className="sp-list">
            <li>运营主体：{company}</li>
            <li>电子邮箱：{email}</li>
            <li>联系电话：{site?.contactPhone || '加载中…'}</li>
            <li>办公地址：{site?.officeAddress || '加载中…'}</li>
          </ul>
        </>,
      ],
    },
  ];

  return (
    <main className="sp-page">
      <article className="sp-article">
        <header className="sp-hero">
          <p className="sp-eyebrow">{platform}</p>
          <h1>用户协议</h1>
          <p className="sp-meta">
            更新日期：{UPDATED_ON} · 生效日期：{EFFECTIVE_ON}
          </p>
        </header>

        <p>欢迎来到{platform}！为了让每一位“猎人”都能在安全、友善的环境中分享创意，请您在注册和使用前认真阅读以下条款。</p>

        <nav className="sp-toc" aria-labelledby="ua-toc-title">
          <p className="sp-toc-title" id="ua-toc-title">
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

        {chapters.map((chapter, ci) => (
          <section key={chapter.id} id={chapter.id} className="sp-section" aria-labelledby={`${chapter.id}-h`}>
            <h2 id={`${chapter.id}-h`}>{chapter.title}</h2>
            <ol className="sp-clauses">
              {chapter.clauses.map((clause, i) => (
                <li key={i}>
                  <span className="sp-clause-no" aria-hidden="true">
                    {ci + 1}.{i + 1}
                  </span>
                  <div className="sp-clause-body">{clause}</div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </article>
    </main>
  );
}
