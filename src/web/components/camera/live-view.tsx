import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFaceHints } from './use-face-hints';

/** The camera's picture (mirrored, as a mirror shows a face), the oval to put the face in, and the live hint. */
export function LiveView({ stream, video, children }: { stream: MediaStream; video: RefObject<HTMLVideoElement | null>; children?: ReactNode }) {
  const { LL } = useI18nContext();
  const H = LL.camera.hints;
  const [size, setSize] = useState({ w: 1280, h: 720 });
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, video]);
  const hints = useFaceHints(video, true);
  const hint = hints.status === 'ready' ? hints.hint : hints.status;
  const good = hint === 'good';
  const text = hints.status === 'ready' ? H[hints.hint]() : hints.status === 'loading' ? H.loading() : H.unavailable();
  return (
    <div className="relative w-full overflow-hidden rounded-box bg-black" style={{ aspectRatio: `${size.w} / ${size.h}` }}>
      <video
        ref={video}
        autoPlay
        muted
        playsInline
        className="size-full -scale-x-100 object-contain"
        aria-label={LL.camera.live()}
        onLoadedMetadata={(e) => {
          const v = e.currentTarget;
          if (v.videoWidth && v.videoHeight) setSize({ w: v.videoWidth, h: v.videoHeight });
        }}
        data-testid="camera-video"
      />
      <FramingGuide width={size.w} height={size.h} good={good} />
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

/**
 * An oval a little above the middle (the hint sits below it), 70 % of the frame high, the rest of
 * the picture dimmed; drawn in the frame's own pixels so the oval keeps its shape.
 */
function FramingGuide({ width, height, good }: { width: number; height: number; good: boolean }) {
  const ry = height * 0.35;
  const rx = ry * 0.75;
  const cx = width / 2;
  const cy = height * 0.45;
  const oval = `M ${cx - rx} ${cy} a ${rx} ${ry} 0 1 0 ${2 * rx} 0 a ${rx} ${ry} 0 1 0 ${-2 * rx} 0 Z`;
  return (
    <svg className="pointer-events-none absolute inset-0 size-full" viewBox={`0 0 ${width} ${height}`} aria-hidden>
      <path d={`M 0 0 H ${width} V ${height} H 0 Z ${oval}`} fillRule="evenodd" fill="rgb(0 0 0 / 0.45)" />
      <path
        d={oval}
        fill="none"
        strokeWidth={3}
        strokeDasharray="8 6"
        vectorEffect="non-scaling-stroke"
        className={`transition-colors ${good ? 'stroke-success' : 'stroke-white/80'}`}
      />
    </svg>
  );
}
