import { useI18nContext } from '@locales/i18n-react';
import { VIDEO_STATUSES, type VideoStatus } from '@/domains/videos/schemas';

const TONE: Record<VideoStatus, string> = {
  draft: 'badge-ghost border-base-content/20',
  processing: 'badge-info',
  completed: 'badge-ghost border-base-content/20',
  failed: 'badge-error',
  published: 'badge-success',
};

export function VideoStatusBadge({ status }: { status: string }) {
  const { LL } = useI18nContext();
  const known = (VIDEO_STATUSES as readonly string[]).includes(status) ? (status as VideoStatus) : null;
  return (
    <span className={`badge badge-sm whitespace-nowrap ${known ? TONE[known] : 'badge-ghost'}`} data-testid="video-status" data-status={status}>
      {known ? LL.campaigns.video.status[known]() : status}
    </span>
  );
}
