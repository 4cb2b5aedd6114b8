/**
 * What the author (or an admin) reading an idea nobody else can see is told: that it is not public
 * yet, why not, and that it cannot be shared meanwhile. The share button is hidden for
 * the same ideas (IdeaPage): its link and poster would show everyone else a 404.
 */
import { Link } from 'wouter';
import { ideaStage, type IdeaStage } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { editIdeaPath } from '../../lib/routes.ts';
import { RejectionReason } from './RejectionReason.tsx';

export const STAGE_NOTICE: Record<Exclude<IdeaStage, 'public'>, string> = {
  review: '审核中，通过后其他猎人才能看到。审核期间不能分享，结果会通过站内消息通知你。',
  rejected: '未通过审核，其他猎人看不到这个创意，也不能分享。',
  draft: '这是草稿，发布并通过审核后其他猎人才能看到。',
  deleted: '已删除，其他猎人看不到这个创意。',
};

export function StageNotice({ idea }: { idea: IdeaDto }) {
  const stage = ideaStage(idea);
  if (stage === 'public') return null;
  const reason = stage === 'rejected' ? idea.rejectionReason?.trim() : undefined;
  return (
    <div className="notice notice-warn idea-stage-notice" data-testid="idea-stage-notice" data-stage={stage}>
      <p>{STAGE_NOTICE[stage]}</p>
      {reason && <RejectionReason reason={reason} />}
      {(stage === 'rejected' || stage === 'draft') && idea.isOwner && (
        <p>
          <Link href={editIdeaPath(idea.id)} className="btn btn-small">
            {stage === 'rejected' ? '修改后重新发布' : '继续编辑'}
          </Link>
        </p>
      )}
    </div>
  );
}
