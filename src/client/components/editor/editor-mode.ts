/**
 * What the editor says and offers for the idea it edits, by the idea's stage (shared/idea-display):
 * a new idea or a draft is saved or published; a published idea goes back to review when it is
 * resubmitted; a rejected one is fixed and published again; one in review cannot be changed.
 */
import type { IdeaStage } from '../../../shared/idea-display.ts';
import { IDEA_MSG, IDEA_TITLE_MAX } from '../../../shared/idea-rules.ts';

export interface EditorMode {
  heading: string;
  /** The primary button, and what it says while busy. */
  publishLabel: string;
  publishingLabel: string;
  /** Whether "save as draft" is offered (never for a published idea: it would leave the market). */
  allowDraft: boolean;
  /** A sentence above the form, if the stage needs one. */
  notice: string | null;
  /** Whether the form is shown at all. */
  editable: boolean;
}

export const EDITOR_MODE_MSG = {
  resubmitNotice: '这个创意已经发布。修改后点击“重新提交”，重新提交后需要再次审核，审核通过前它不会出现在创意市场。',
  // In automatic mode a resubmission is approved at once unless a watched word holds it for a person.
  resubmitNoticeAuto: '这个创意已经发布。修改后点击“重新提交”，修改的内容会再次自动审核：通过后立即更新；需要人工复核时，复核通过前它不会出现在创意市场。',
  rejectedNotice: '这个创意未通过审核。按原因修改后重新发布，重新发布后需要再次审核。',
} as const;

/** `stage` is null for a new idea; `moderation` is the server's review mode (site.identity), once known. */
export function editorMode(stage: IdeaStage | null, moderation?: 'auto' | 'manual'): EditorMode {
  switch (stage) {
    case null:
      return { heading: '创建创意', publishLabel: '发布', publishingLabel: '正在发布…', allowDraft: true, notice: null, editable: true };
    case 'draft':
      return { heading: '编辑草稿', publishLabel: '发布', publishingLabel: '正在发布…', allowDraft: true, notice: null, editable: true };
    case 'public':
      return {
        heading: '编辑已发布的创意',
        publishLabel: '重新提交',
        publishingLabel: '正在提交…',
        allowDraft: false,
        notice: moderation === 'auto' ? EDITOR_MODE_MSG.resubmitNoticeAuto : EDITOR_MODE_MSG.resubmitNotice,
        editable: true,
      };
    case 'rejected':
      return { heading: '修改未通过审核的创意', publishLabel: '重新发布', publishingLabel: '正在发布…', allowDraft: true, notice: EDITOR_MODE_MSG.rejectedNotice, editable: true };
    case 'review':
      return { heading: '审核中的创意', publishLabel: '发布', publishingLabel: '正在发布…', allowDraft: false, notice: IDEA_MSG.notEditable, editable: false };
    case 'deleted':
      return { heading: '已删除的创意', publishLabel: '发布', publishingLabel: '正在发布…', allowDraft: false, notice: IDEA_MSG.notFound, editable: false };
  }
}

/** The title's length as the server counts it (trimmed, UTF-16 units, like its zod schema). */
export function titleLength(title: string): number {
  return title.trim().length;
}

export function titleProblem(title: string, publishing: boolean): string | null {
  if (titleLength(title) > IDEA_TITLE_MAX) return IDEA_MSG.titleTooLong;
  if (publishing && !title.trim()) return IDEA_MSG.titleRequired;
  return null;
}
