/**
 * An admin's 下架 on a public idea's page: what slipped through review goes out of public view with a
 * reason for its author (POST /api/admin/ideas/{id}/take-down). The server checks the role; the button
 * is only where an admin can use it.
 */
import { useState } from 'react';
import { displayTitle, TAKE_DOWN_REASON_MSG } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { trpc } from '../../lib/trpc.ts';
import { ReasonDialog } from '../admin/ReasonDialog.tsx';
import { useToast } from '../ui/Toast.tsx';

export function TakeDownButton({ idea, onTakenDown }: { idea: IdeaDto; onTakenDown: () => void }) {
  const [open, setOpen] = useState(false);
  const takeDown = trpc.admin.takeDown.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const title = displayTitle(idea.title);
  return (
    <>
      <button type="button" className="btn btn-small btn-danger-outline idea-take-down" onClick={() => setOpen(true)}>
        下架创意
      </button>
      {open && (
        <ReasonDialog
          title="下架创意"
          intro={`下架「${title}」后，它会从创意市场、搜索和作者主页消失，只有作者能看到。原因会通过系统消息发给作者；作者修改后重新发布，需要管理员审核通过才会再次公开。`}
          label="下架原因"
          placeholder="例如：含有未经证实的功效宣传"
          confirmLabel="确认下架"
          messages={{ ...TAKE_DOWN_REASON_MSG, failed: '下架失败，请稍后重试' }}
          pending={takeDown.isPending}
          onSubmit={async (reason) => {
            await takeDown.mutateAsync({ id: idea.id, reason });
            toast(`已下架「${title}」，作者会收到说明原因的系统消息`);
            setOpen(false);
            // Every list this admin has loaded may show it; the page itself is now the author's alone.
            void Promise.all([utils.ideas.invalidate(), utils.marketplace.invalidate(), utils.admin.log.invalidate()]);
            onTakenDown();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
