import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { Video } from './types';
import { VideoStatusBadge } from './video-status-badge';
import { formatDuration, VideoThumb } from './video-thumb';
import { Tooltip } from '../../components/tooltip';

/**
 * A video as the campaign screens show it: thumbnail, title, status, views; actions below
 * and a corner control over the thumbnail when given.
 */
export function VideoCard({
  video: v,
  actions,
  badge,
  corner,
  details,
}: {
  video: Pick<Video, 'id' | 'title' | 'thumbnail' | 'duration' | 'status' | 'views'>;
  actions?: ReactNode;
  badge?: ReactNode;
  corner?: ReactNode;
  /** Extra lines under the views (developer mode's ids and job state). */
  details?: ReactNode;
}) {
  const { LL } = useI18nContext();
  const duration = formatDuration(v.duration);
  return (
    <article className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-2" data-testid="video-card" data-video-id={v.id}>
      <VideoThumb thumbnail={v.thumbnail} title={v.title}>
        {duration && <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{duration}</span>}
        {corner && <span className="absolute top-2 right-2">{corner}</span>}
      </VideoThumb>
      <div className="flex flex-1 flex-col gap-1 px-1 pt-2">
        <div className="flex items-start justify-between gap-2">
          <Tooltip content={v.title}>
            <h3 className="line-clamp-2 min-w-0 font-medium break-words" data-testid="video-title">
              {v.title}
            </h3>
          </Tooltip>
          {badge ?? <VideoStatusBadge status={v.status} />}
        </div>
        <p className="text-xs text-base-content/70" data-testid="video-views">
          {LL.campaigns.video.views({ count: v.views })}
        </p>
        {details}
        {actions && <div className="mt-auto flex flex-wrap gap-1 pt-2">{actions}</div>}
      </div>
    </article>
  );
}
