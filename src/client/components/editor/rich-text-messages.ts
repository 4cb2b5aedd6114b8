/** What the detailed-analysis editor says (RichTextEditor and its pieces). */
import { IDEA_IMAGE_ALT, IMAGES_PER_IDEA } from '../../../shared/idea-rules.ts';

export const EDITOR_MSG = {
  hint: `可插入图片：最多${IMAGES_PER_IDEA}张，单张不超过10MB，图片超过1MB将自动压缩；带新图片的创意由管理员看过后公开。按 Esc 键离开编辑区`,
  uploading: '图片上传中…',
  imageAlt: IDEA_IMAGE_ALT,
  linkInvalid: '请输入以 http:// 或 https:// 开头的链接',
} as const;
