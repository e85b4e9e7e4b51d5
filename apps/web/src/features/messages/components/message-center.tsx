import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageSummary } from '@skinfair/contract';
import { Button, Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ListState } from '../../../shared/ui/list-state';
import { useMessageDetail } from '../api/get-message-detail';
import { useMessageList } from '../api/list-messages';

const filters = [
  { state: -1, label: 'messages.all' },
  { state: 0, label: 'messages.unread' },
] as const;

function useFormatTime() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

function MessageDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useT();
  const formatTime = useFormatTime();
  const detail = useMessageDetail(id);
  return (
    <div className="flex flex-col gap-4" data-testid="message-detail">
      <button type="button" onClick={onBack} className="self-start text-sm text-accent-cyan hover:underline">
        ← {t('messages.back')}
      </button>
      {detail.data ? (
        <article className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold text-white">{detail.data.title}</h3>
          <p className="text-xs text-slate-500">{formatTime(detail.data.createTime)}</p>
          <div className="whitespace-pre-wrap text-sm leading-relaxed text-slate-200">{detail.data.content}</div>
        </article>
      ) : detail.isError ? (
        <EmptyState message={t('messages.loadFailed')} />
      ) : (
        <div className="flex justify-center py-10 text-slate-400">
          <Spinner className="size-6" />
        </div>
      )}
    </div>
  );
}

function MessageRow({ message, onOpen }: { message: MessageSummary; onOpen: () => void }) {
  const formatTime = useFormatTime();
  const t = useT();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="message-item"
        data-read={message.read}
        className="flex w-full items-start gap-3 rounded-lg px-3 py-3 text-start hover:bg-panel-2"
      >
        <span
          aria-label={message.read ? undefined : t('messages.unreadDot')}
          className={`mt-1.5 size-2 shrink-0 rounded-full ${message.read ? 'bg-transparent' : 'bg-accent-red'}`}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate text-sm ${message.read ? 'text-slate-300' : 'font-semibold text-white'}`}>{message.title}</span>
            <span className="shrink-0 text-xs text-slate-500">{formatTime(message.createTime)}</span>
          </span>
          <span className="line-clamp-2 text-xs text-slate-400">{message.summary}</span>
        </span>
      </button>
    </li>
  );
}

function MessageList({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useT();
  const [state, setState] = useState<-1 | 0>(-1);
  const list = useMessageList(state);
  const rows = list.data?.pages.flatMap((page) => page.pageData) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" className="flex gap-2">
        {filters.map((filter) => (
          <button
            key={filter.state}
            type="button"
            role="tab"
            aria-selected={state === filter.state}
            onClick={() => setState(filter.state)}
            className={`rounded-full px-3 py-1 text-xs ${state === filter.state ? 'bg-accent-purple text-black' : 'bg-panel-2 text-slate-300'}`}
          >
            {t(filter.label)}
          </button>
        ))}
      </div>
      <ListState
        query={list}
        isEmpty={() => rows.length === 0}
        empty={t('messages.empty')}
        loading={
          <div className="flex justify-center py-10 text-slate-400">
            <Spinner className="size-6" />
          </div>
        }
      >
        {() => (
          <ul className="-mx-3 flex flex-col divide-y divide-line" data-testid="message-list">
            {rows.map((message) => (
              <MessageRow key={message.id} message={message} onOpen={() => onOpen(message.id)} />
            ))}
          </ul>
        )}
      </ListState>
      {list.hasNextPage ? (
        <Button variant="secondary" pending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('messages.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

/** The message centre: list with unread dots, "加载更多", a detail view and an empty state. */
export function MessageCenter({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Dialog title={t('overlay.messages')} onClose={onClose} testId="overlay-messages" variant="side">
      {openId === null ? <MessageList onOpen={setOpenId} /> : <MessageDetailView id={openId} onBack={() => setOpenId(null)} />}
    </Dialog>
  );
}
