import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFaceHints } from './use-face-hints';

/** The camera's picture (mirrored, as a mirror shows a face), the oval to put the face in, and the live hint. */
export function LiveView({ stream, video, children }: { stream: MediaStream; video: RefObject<HTMLVideoElement | null>; children?: ReactNode }) {
  const { LL } = useI18nContext();
  const H = LL.camera.hints;
  const [aspect, setAspect] = useState('16 / 9');
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, video]);
  const hints = useFaceHints(video, true);
  const hint = hints.status === 'ready' ? hints.hint : hints.status;
  const good = hint === 'good';
  const text = hints.status === 'ready' ? H[hints.hint]() : hints.status === 'loading' ? H.loading() : H.unavailable();
  return (
    <div className="relative w-full overflow-hidden rounded-box bg-black" style={{ aspectRatio: aspect }}>
      <video
        ref={video}
        autoPlay
        muted
        playsInline
        className="size-full -scale-x-100 object-contain"
        aria-label={LL.camera.live()}
        onLoadedMetadata={(e) => {
          const v = e.currentTarget;
          if (v.videoWidth && v.videoHeight) setAspect(`${v.videoWidth} / ${v.videoHeight}`);
        }}
        data-testid="camera-video"
      />
      {/* The framing guide: an oval, the rest of the picture dimmed. */}
      <div
        className={`pointer-events-none absolute top-1/2 left-1/2 aspect-[3/4] h-[78%] -translate-x-1/2 -translate-y-1/2 rounded-[50%] border-[3px] border-dashed shadow-[0_0_0_9999px_rgba(0,0,0,0.35)] transition-colors ${good ? 'border-success' : 'border-white/80'}`}
        aria-hidden
      />
      <p
        role="status"
        aria-live="polite"
        className={`absolute bottom-2 left-1/2 max-w-[90%] -translate-x-1/2 rounded-full px-3 py-1 text-center text-sm font-medium shadow ${good ? 'bg-success text-success-content' : 'bg-base-100/90 text-base-content'}`}
        data-testid="camera-hint"
        data-hint={hint}
      >
        {text}
      </p>
      {children}
    </div>
  );
}
