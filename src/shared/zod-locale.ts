/**
 * zod's own messages (for inputs no schema names a message for) in Chinese, on both sides. The
 * issues our schemas can raise name the field and say what it takes in plain words (`「title」应为文本`,
 * `「limit」不能小于 1`) instead of zod's locale text, which names zod's types in English
 * (`无效输入：期望 string，实际接收 数字`, `数值过小：期望 number >=1`); the rare rest are zod's
 * Chinese locale.
 */
import { z } from 'zod';

const KIND_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: 'true 或 false',
  array: '数组',
  object: '对象',
  date: '日期',
};

/** 「a.b[0]」 for a field's path; empty for the body itself. */
function fieldOf(path: readonly PropertyKey[] | undefined): string {
  if (!path?.length) return '';
  const text = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
  return `「${text}」`;
}

type RawIssue = z.core.$ZodRawIssue;

/** The plain message of a common issue, or undefined for zod's locale to word it. */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  const field = fieldOf(issue.path);
  const subject = field || '请求内容';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return field ? `缺少必填项${field}` : '缺少请求内容';
      return KIND_NAMES[issue.expected] ? `${subject}应为${KIND_NAMES[issue.expected]}` : `${subject}格式不正确`;
    case 'invalid_value':
      return issue.values.length ? `${subject}只能是 ${issue.values.map(String).join('、')} 之一` : undefined;
    case 'too_big':
      if (issue.origin === 'string') return `${subject}不能超过 ${issue.maximum} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject}最多 ${issue.maximum} 项`;
      if (issue.origin === 'number' || issue.origin === 'bigint') return issue.inclusive === false ? `${subject}应小于 ${issue.maximum}` : `${subject}不能大于 ${issue.maximum}`;
      return `${subject}太大了`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${subject}不能为空` : `${subject}至少 ${issue.minimum} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject}至少 ${issue.minimum} 项`;
      if (issue.origin === 'number' || issue.origin === 'bigint') return issue.inclusive === false ? `${subject}应大于 ${issue.minimum}` : `${subject}不能小于 ${issue.minimum}`;
      return `${subject}太小了`;
    case 'not_multiple_of':
      return `${subject}应为 ${issue.divisor} 的倍数`;
    case 'invalid_union':
    case 'invalid_format':
      return `${subject}格式不正确`;
    case 'unrecognized_keys':
      return `${subject}含有不认识的字段：${issue.keys.map((k) => `「${k}」`).join('、')}`;
    default:
      return undefined;
  }
}

z.config(z.locales.zhCN());
z.config({ customError: plainIssueMessage });
