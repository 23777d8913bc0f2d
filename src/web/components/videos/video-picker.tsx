import { Check } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { Video } from './types';
import { VideoStatusBadge } from './video-status-badge';
import { formatDuration, VideoThumb } from './video-thumb';

/** A grid of the user's videos to tick; `note` marks a video (e.g. already in another campaign). */
export function VideoPicker({
  videos,
  selected,
  onChange,
  note,
}: {
  videos: Video[];
  selected: string[];
  onChange: (ids: string[]) => void;
  note?: (v: Video) => string | null;
}) {
  const { LL } = useI18nContext();
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="video-picker">
      {videos.map((v) => {
        const checked = selected.includes(v.id);
        const duration = formatDuration(v.duration);
        const extra = note?.(v);
        return (
          <li key={v.id}>
            <label
              className={`block h-full cursor-pointer rounded-box border-2 bg-base-100 p-2 transition-colors ${checked ? 'border-primary ring-2 ring-primary/20' : 'border-base-300 hover:border-base-content/30'}`}
              data-testid="picker-video"
              data-video-id={v.id}
            >
              <VideoThumb thumbnail={v.thumbnail} title={v.title}>
                <span
                  className={`absolute top-2 left-2 flex size-6 items-center justify-center rounded-md border-2 ${checked ? 'border-primary bg-primary text-primary-content' : 'border-white/80 bg-black/30'}`}
                >
                  {checked && <Check className="size-4" aria-hidden />}
                </span>
                {duration && <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{duration}</span>}
              </VideoThumb>
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => toggle(v.id)}
                aria-label={LL.campaigns.video.select({ title: v.title })}
              />
              <div className="mt-2 flex items-start justify-between gap-2 px-1">
                <span className="min-w-0 font-medium break-words">{v.title}</span>
                <VideoStatusBadge status={v.status} />
              </div>
              <div className="mt-1 flex flex-wrap gap-x-3 px-1 text-xs text-base-content/70">
                <span>{LL.campaigns.video.views({ count: v.views })}</span>
                {extra && <span className="font-medium text-base-content/80 italic">{extra}</span>}
              </div>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
