import { ExternalLink } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { Modal } from '@/web/components/modal';

/** `previewFor`: the file is the preview of a personalised video ("Preview for Jane"). */
export type Playable = { title: string; url: string; poster?: string | null; previewFor?: string | null };

/**
 * A finished video with the browser's controls, inline on phones. A new address mounts a new element,
 * so the old file's frame and position never show under the new one.
 */
export function VideoPlayer({
  url,
  poster,
  autoPlay = false,
  className,
  testId,
}: {
  url: string;
  poster?: string | null;
  autoPlay?: boolean;
  className: string;
  testId: string;
}) {
  return <video key={url} src={url} poster={poster ?? undefined} controls autoPlay={autoPlay} playsInline className={className} data-testid={testId} />;
}

/** Plays a finished video in a dialog; the <video> mounts only while open, so closing stops it. */
export function VideoPlayerDialog({ video, onClose }: { video: Playable | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={!!video} title={video?.title ?? ''} onClose={onClose} wide testId="video-player">
      {video && (
        <div className="flex flex-col gap-3">
          {video.previewFor && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70" data-testid="video-player-preview-for">
              <span className="badge badge-neutral">{LL.createVideo.preview.previewFor({ name: video.previewFor })}</span>
              {LL.createVideo.preview.previewNote()}
            </p>
          )}
          <VideoPlayer url={video.url} poster={video.poster} autoPlay className="aspect-video w-full rounded-box bg-black" testId="video-player-video" />
          <a href={video.url} target="_blank" rel="noreferrer" className="link link-hover inline-flex items-center gap-1 self-end text-sm">
            <ExternalLink className="size-3.5" aria-hidden /> {LL.myVideos.openFile()}
          </a>
        </div>
      )}
    </Modal>
  );
}
