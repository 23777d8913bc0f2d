import { Film } from 'lucide-react';
import { useState } from 'react';

/** The video's thumbnail, or a neutral 16:9 tile when it has none (or it fails to load). */
export function VideoThumb({ thumbnail, title, children }: { thumbnail: string | null; title: string; children?: React.ReactNode }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-box bg-gradient-to-br from-base-300 to-base-200">
      {thumbnail && !failed ? (
        <img src={thumbnail} alt={title} className="size-full object-cover" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <div className="flex size-full items-center justify-center text-base-content/40">
          <Film className="size-10" aria-hidden />
        </div>
      )}
      {children}
    </div>
  );
}

/** 75 → "1:15". */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
