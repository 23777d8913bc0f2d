import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useTrpc } from '@/web/lib/trpc';
import { noticeText } from './notice-text';

/** Within the 60 s the product promises between a recipient's play and the sender's notice. */
const POLL_MS = 15_000;

/** The bell in the shell's header: the unread count, the newest notices, mark read (decision 225). */
export function NoticeBell() {
  const { LL, locale } = useI18nContext();
  const N = LL.notices;
  const trpc = useTrpc();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const feed = useQuery({ ...trpc.notifications.list.queryOptions(), refetchInterval: POLL_MS });
  const key = trpc.notifications.list.queryKey();
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSuccess: (data) => qc.setQueryData(key, data) }));
  const close = () => details.current?.removeAttribute('open');
  const unread = feed.data?.unread ?? 0;
  const time = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

  return (
    <details ref={details} className="dropdown dropdown-end" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      <summary className="btn btn-ghost btn-square relative" aria-label={unread ? N.bellUnread({ count: unread }) : N.bell()} data-testid="notice-bell">
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 min-w-5 px-1" data-testid="notice-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </summary>
      <div
        className="dropdown-content z-50 mt-2 w-96 rounded-box border border-base-300 bg-base-100 shadow-lg max-sm:fixed max-sm:top-16 max-sm:right-2 max-sm:left-2 max-sm:mt-0 max-sm:w-auto"
        data-testid="notice-panel"
      >
        <div className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-2">
          <h2 className="font-semibold">{N.title()}</h2>
          <div className="flex gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate({})}
              data-testid="notice-mark-all"
            >
              <CheckCheck className="size-4" aria-hidden /> {N.markAllRead()}
            </button>
            <Link
              to="/settings"
              search={{ tab: 'notifications' } as never}
              className="btn btn-ghost btn-xs btn-square"
              aria-label={N.settings()}
              onClick={close}
            >
              <Settings className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
        {feed.isError ? (
          <p className="p-4 text-sm text-error">{N.loadFailed()}</p>
        ) : !feed.data?.items.length ? (
          <p className="p-4 text-sm text-base-content/70" data-testid="notice-empty">
            {feed.isPending ? LL.common.loading() : N.empty()}
          </p>
        ) : (
          <ul className="max-h-96 overflow-y-auto py-1" data-testid="notice-list">
            {feed.data.items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className={`flex w-full items-start gap-2 px-4 py-2 text-left hover:bg-base-200 ${n.read ? 'text-base-content/70' : 'font-medium'}`}
                  onClick={() => {
                    if (!n.read) markRead.mutate({ ids: [n.id] });
                    close();
                    void navigate({ href: n.link });
                  }}
                  data-testid="notice-item"
                  data-kind={n.kind}
                  data-read={n.read}
                >
                  <span className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? '' : 'bg-primary'}`} aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words text-sm">{noticeText(LL, n)}</span>
                    {n.kind === 'send.finished' && !!n.data.deferred && (
                      <span className="block text-xs text-base-content/60">{N.deferred({ count: n.data.deferred })}</span>
                    )}
                    {n.kind === 'send.finished' &&
                      n.data.reasons?.map((r) => (
                        <span key={r.reason} className="block text-xs text-error">
                          {r.reason} ({r.count})
                        </span>
                      ))}
                    <span className="block text-xs text-base-content/60">{time.format(new Date(n.createdAt))}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
