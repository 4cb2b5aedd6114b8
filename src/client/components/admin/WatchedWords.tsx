/**
 * The admin console's watched words (after Discourse's watched words): add a word with an
 * action, import many (one a line), search the list (as matching sees words: `賭` finds `赌博`),
 * change a word's action or remove it. The built-in list and the word file are the starting set
 * (拦截); an entry here for one of their words overrides it. Changes take effect at once.
 */
import { useId, useState, type FormEvent } from 'react';
import { WATCHED_ACTION_HINT, WATCHED_ACTION_LABEL, WATCHED_SOURCE_LABEL, WATCHED_WORD_ACTIONS, WATCHED_WORD_MAX, type WatchedWordAction } from '../../../shared/watched-words.ts';
import { formatDateTime } from '../../../shared/relative-time.ts';
import { errorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { LoadingLine } from '../LoadingLine.tsx';
import { quoteName, useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormError } from '../ui/FormError.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { useToast } from '../ui/Toast.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';

type Item = RouterOutputs['admin']['watchedWords']['data'][number];
const PAGE = 50;

function ActionChoice({ name, value, onChange, legend }: { name: string; value: WatchedWordAction; onChange: (a: WatchedWordAction) => void; legend: string }) {
  return (
    <fieldset className="field watched-actions">
      <legend>{legend}</legend>
      <div className="radio-list radio-row">
        {WATCHED_WORD_ACTIONS.map((a) => (
          <label key={a} title={WATCHED_ACTION_HINT[a]}>
            <input type="radio" name={name} value={a} checked={value === a} onChange={() => onChange(a)} />
            {WATCHED_ACTION_LABEL[a]}
          </label>
        ))}
      </div>
      <p className="field-hint">{WATCHED_ACTION_HINT[value]}</p>
    </fieldset>
  );
}

export function WatchedWords() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.admin.watchedWords.invalidate(), utils.admin.log.invalidate()]);
  return (
    <div className="watched-words">
      {/* The tab's heading, under the page's h1, so the forms' h3 do not skip a level (axe). */}
      <h2 className="admin-panel-title">敏感词</h2>
      <p className="muted">
        命中「拦截」的内容不能发布；命中「送审」的创意和评论先进入审核队列（自动审核模式下也是）；命中「替换」的词保存为 **。识别时忽略空格、符号、表情、零宽字符、大小写和繁简体。修改立即生效。
      </p>
      <div className="watched-forms">
        <AddWordForm onDone={refresh} />
        <ImportForm onDone={refresh} />
      </div>
      <WordList />
    </div>
  );
}

function AddWordForm({ onDone }: { onDone: () => Promise<unknown> }) {
  const add = trpc.admin.addWatchedWord.useMutation();
  const toast = useToast();
  const id = useId();
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WatchedWordAction>('block');
  const [errors, setErrors] = useState<{ word?: string; form?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!word.trim()) return setErrors({ word: '请输入要监控的词' });
    setErrors({});
    try {
      const answer = await add.mutateAsync({ word: word.trim(), action });
      toast(answer.message ?? '已添加');
      setWord('');
      await onDone();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields.word?.length ? { word: fields.word[0] } : { form: errorMessage(err, '添加失败，请稍后重试') });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="admin-form admin-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>添加敏感词</h3>
      <div className="field">
        <label htmlFor={`${id}-word`}>敏感词</label>
        <input
          id={`${id}-word`}
          value={word}
          maxLength={WATCHED_WORD_MAX}
          onChange={(e) => setWord(e.target.value)}
          aria-invalid={!!errors.word}
          aria-describedby={errors.word ? `${id}-word-error` : undefined}
          placeholder="例如：刷单返利"
        />
        {errors.word && (
          <p id={`${id}-word-error`} className="field-error" role="alert">
            {errors.word}
          </p>
        )}
      </div>
      <ActionChoice name={`${id}-action`} legend="处理方式" value={action} onChange={setAction} />
      <FormError message={errors.form} />
      <div className="btn-row admin-form-actions">
        <SubmitButton className="btn btn-primary" pending={add.isPending} pendingLabel="添加中…">
          添加
        </SubmitButton>
      </div>
    </form>
  );
}

function ImportForm({ onDone }: { onDone: () => Promise<unknown> }) {
  const importWords = trpc.admin.importWatchedWords.useMutation();
  const toast = useToast();
  const id = useId();
  const [text, setText] = useState('');
  const [action, setAction] = useState<WatchedWordAction>('block');
  const [errors, setErrors] = useState<{ text?: string; form?: string }>({});
  const [skipped, setSkipped] = useState<{ line: number; word: string; reason: string }[]>([]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setErrors({ text: '请粘贴要导入的词，每行一个' });
    setErrors({});
    try {
      const answer = await importWords.mutateAsync({ text, action });
      toast(answer.message ?? '已导入');
      setSkipped(answer.data.skipped);
      setText('');
      await onDone();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields.text?.length ? { text: fields.text[0] } : { form: errorMessage(err, '导入失败，请稍后重试') });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="admin-form admin-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>批量导入</h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>每行一个词</label>
        <textarea
          id={`${id}-text`}
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!errors.text}
          aria-describedby={errors.text ? `${id}-text-error` : `${id}-text-hint`}
        />
        {errors.text ? (
          <p id={`${id}-text-error`} className="field-error" role="alert">
            {errors.text}
          </p>
        ) : (
          <p id={`${id}-text-hint`} className="field-hint">
            空行和以 # 开头的行会被忽略；已有的词改为所选的处理方式
          </p>
        )}
      </div>
      <ActionChoice name={`${id}-action`} legend="这些词的处理方式" value={action} onChange={setAction} />
      <FormError message={errors.form} />
      {skipped.length > 0 && (
        <div className="watched-skipped" role="status">
          <p>以下 {skipped.length} 行未导入：</p>
          <ul>
            {skipped.slice(0, 20).map((s) => (
              <li key={s.line}>
                第 {s.line} 行「{s.word}」：{s.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="btn-row admin-form-actions">
        <SubmitButton className="btn" pending={importWords.isPending} pendingLabel="导入中…">
          导入
        </SubmitButton>
      </div>
    </form>
  );
}

function WordList() {
  const id = useId();
  const [q, setQ] = useState('');
  const [action, setAction] = useState<WatchedWordAction | ''>('');
  const [offset, setOffset] = useState(0);
  const query = { q: q.trim() || undefined, action: action || undefined, limit: PAGE, offset };
  const list = trpc.admin.watchedWords.useQuery(query, { placeholderData: (previous) => previous });
  const items = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  return (
    <section className="watched-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-panel-title">
        词表
      </h3>
      <form className="watched-filters" role="search" aria-label="搜索敏感词" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-q`}>搜索</label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={WATCHED_WORD_MAX}
            onChange={(e) => {
              setQ(e.target.value);
              setOffset(0);
            }}
            placeholder="输入词的一部分"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`}>处理方式</label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(e) => {
              setAction(e.target.value as WatchedWordAction | '');
              setOffset(0);
            }}
          >
            <option value="">全部</option>
            {WATCHED_WORD_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {WATCHED_ACTION_LABEL[a]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {list.isPending ? (
        <LoadingLine />
      ) : list.isError ? (
        <RetryLine message={errorMessage(list.error, '加载词表失败，请稍后重试')} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : items.length === 0 ? (
        <p className="empty-state muted">{q || action ? '没有符合条件的词' : '词表是空的'}</p>
      ) : (
        <>
          <p className="muted" role="status">
            共 {total} 个，显示第 {offset + 1}–{offset + items.length} 个
          </p>
          <table className="admin-log watched-table" data-testid="watched-words">
            <caption className="visually-hidden">监控词，管理员添加的在前</caption>
            <thead>
              <tr>
                <th scope="col">词</th>
                <th scope="col">处理方式</th>
                <th scope="col">来源</th>
                <th scope="col">设置人和时间</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <WordRow key={`${item.source}-${item.id ?? item.word}`} item={item} />
              ))}
            </tbody>
          </table>
          <div className="btn-row watched-pager">
            <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              上一页
            </button>
            <button type="button" className="btn btn-small" disabled={offset + items.length >= total} onClick={() => setOffset(offset + PAGE)}>
              下一页
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function WordRow({ item }: { item: Item }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  const run = async (work: () => Promise<{ message?: string }>) => {
    setBusy(true);
    try {
      const answer = await work();
      toast(answer.message ?? '已保存');
      await Promise.all([utils.admin.watchedWords.invalidate(), utils.admin.log.invalidate()]);
    } catch (err) {
      toast(errorMessage(err, '操作失败，请稍后重试'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const change = (action: WatchedWordAction) => void run(() => utils.client.admin.addWatchedWord.mutate({ word: item.word, action }));
  const remove = async () => {
    const restores = item.overrides ? `删除后恢复${WATCHED_SOURCE_LABEL[item.overrides]}的「拦截」。` : '删除后不再检查这个词。';
    if (!(await confirm({ title: `删除监控词${quoteName(item.word)}？`, message: restores, confirmLabel: '删除', danger: true }))) return;
    void run(() => utils.client.admin.removeWatchedWord.mutate({ id: item.id! }));
  };

  return (
    <tr data-testid="watched-word">
      <td data-label="敏感词">{item.word}</td>
      <td data-label="处理方式">
        <label htmlFor={selectId} className="visually-hidden">
          「{item.word}」的处理方式
        </label>
        <select id={selectId} className="form-control" value={item.action} disabled={busy} onChange={(e) => change(e.target.value as WatchedWordAction)}>
          {WATCHED_WORD_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {WATCHED_ACTION_LABEL[a]}
            </option>
          ))}
        </select>
      </td>
      <td data-label="来源">
        {WATCHED_SOURCE_LABEL[item.source]}
        {item.overrides && <span className="muted">（覆盖{WATCHED_SOURCE_LABEL[item.overrides]}）</span>}
      </td>
      <td data-label="设置人和时间">
        {item.createdAt ? (
          <>
            {item.createdBy ? item.createdBy.nickname : '已注销的管理员'} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </>
        ) : (
          '—'
        )}
      </td>
      <td data-label="操作">
        {item.id !== null ? (
          <BusyButton className="btn btn-small btn-danger-outline" busy={busy} onClick={() => void remove()}>
            删除
          </BusyButton>
        ) : (
          <span className="muted">内置，不能删除</span>
        )}
      </td>
    </tr>
  );
}
