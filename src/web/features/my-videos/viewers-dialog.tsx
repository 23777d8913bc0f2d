import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { Modal } from '@/web/components/modal';
import { EmptyState, QueryState } from '@/web/components/query-state';
import { useTrpc } from '@/web/lib/trpc';

/** My Videos → Viewers: who opened the video, how much they watched, whether they clicked (decision 225). */
export function ViewersDialog({ video, onClose }: { video: { id: string; title: string } | null; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const V = LL.myVideos.viewers;
  const trpc = useTrpc();
  const viewers = useQuery({ ...trpc.distribution.videoViewers.queryOptions({ videoId: video?.id ?? '' }), enabled: !!video, staleTime: 0 });
  const time = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const rows = viewers.data?.viewers ?? [];
  return (
    <Modal
      open={!!video}
      title={V.title({ title: viewers.data?.title ?? video?.title ?? '' })}
      subtitle={V.subtitle()}
      onClose={onClose}
      wide
      testId="viewers-dialog"
    >
      <QueryState
        query={viewers}
        loading={<div className="skeleton h-24 w-full" />}
        empty={rows.length === 0}
        error={{ message: V.loadFailed(), testId: 'viewers-error' }}
        emptyState={<EmptyState icon={Eye} title={V.empty()} testId="viewers-empty" />}
      >
        <div className="overflow-x-auto">
          <table className="table table-sm" data-testid="viewers-table">
            <thead>
              <tr>
                <th>{V.who()}</th>
                <th>{V.channel()}</th>
                <th>{V.opened()}</th>
                <th>{V.watched()}</th>
                <th>{V.clicked()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-testid="viewer-row">
                  <td className="max-w-48 break-words">
                    <span className="font-medium" data-testid="viewer-name">
                      {r.name ?? V.anonymous()}
                    </span>
                    {r.address && r.address !== r.name && <span className="block text-xs text-base-content/60">{r.address}</span>}
                  </td>
                  <td>{r.channel}</td>
                  <td>{r.openedAt ? time.format(new Date(r.openedAt)) : V.notOpened()}</td>
                  <td data-testid="viewer-watched">{r.watched === null ? V.notPlayed() : `${r.watched} %`}</td>
                  <td data-testid="viewer-clicked">{r.clicked ? V.yes() : V.no()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </Modal>
  );
}
