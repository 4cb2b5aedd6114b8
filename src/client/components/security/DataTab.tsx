import { useState } from 'react';
import { downloadMyData, EXPORT_MSG } from '../../lib/data-export.ts';
import { BusyButton } from '../ui/BusyButton.tsx';

/**
 * The rights of access and deletion (PIPL art. 45 and 47): everything the platform holds
 * about the member as one archive, and the way to deletion (deactivation).
 */
export function DataTab({ onDeactivate }: { onDeactivate: () => void }) {
  const [state, setState] = useState<{ busy: boolean; done?: string; error?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      setState({ busy: false, done: EXPORT_MSG.done(await downloadMyData()) });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : EXPORT_MSG.failed });
    }
  };
  return (
    <div className="stack data-tab">
      <section aria-labelledby="data-access-title">
        <h3 id="data-access-title" className="data-tab-title">
          下载我的数据
        </h3>
        <p>我们会把平台保存的关于你的全部信息打包成一个 ZIP 文件：个人资料、创意（含图片）、草稿、评论、收藏、关注、消息、反馈，以及解锁、点赞、举报和登录记录。数据为 JSON 格式，附中文说明。</p>
        <p className="muted">文件在下载时生成，内容多时需要稍等片刻。为保护服务，每天可下载的次数有限。</p>
        <BusyButton className="btn btn-primary" onClick={() => void download()} busy={state.busy} aria-describedby="data-download-status">
          {state.busy ? '正在打包…' : '下载我的数据'}
        </BusyButton>
        <div id="data-download-status">
          <div role="status">{state.done && <p className="success">{state.done}</p>}</div>
          <div role="alert">{state.error && <p className="field-error">{state.error}</p>}</div>
        </div>
      </section>
      <section aria-labelledby="data-delete-title">
        <h3 id="data-delete-title" className="data-tab-title">
          删除我的数据
        </h3>
        <p>你可以随时删除自己的创意、草稿和评论。注销账号后，手机号被释放、登录全部失效，创意从所有公开位置移除并随回收站清理删除，收藏和关注被删除，评论显示为「已注销用户」。</p>
        <button type="button" className="btn" onClick={onDeactivate}>
          前往注销账号
        </button>
      </section>
    </div>
  );
}
