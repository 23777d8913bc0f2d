import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { loadFaceDetector } from './face-detector';
import { type FaceBox, countedFaces } from './face-hints';

type Found = { status: 'checking' } | { status: 'unavailable' } | { status: 'done'; faces: FaceBox[]; width: number; height: number };

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;

/**
 * A chosen or taken photo with the face the in-browser detector finds drawn over it, and a word
 * when there is none or several (the server decides at upload; this says it before).
 */
export function FaceBoxPreview({ src, alt, testId, fill = false }: { src: string; alt: string; testId?: string; fill?: boolean }) {
  // A new picture starts a new look (the parent keys this component by the picture).
  const [found, setFound] = useState<Found>({ status: 'checking' });
  const look = (img: HTMLImageElement) => {
    const width = img.naturalWidth;
    const height = img.naturalHeight;
    loadFaceDetector()
      .then((d) => d.detect(img, width, height))
      .then(
        (faces) => setFound({ status: 'done', faces: countedFaces(faces), width, height }),
        () => setFound({ status: 'unavailable' }),
      );
  };
  const faces = found.status === 'done' ? found.faces : [];
  const result = found.status === 'done' ? (faces.length === 0 ? 'none' : faces.length > 1 ? 'several' : 'one') : found.status;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {/* The box is placed in shares of the picture, so the frame hugs the picture exactly. */}
      <div className={`relative max-w-full ${fill ? 'w-full' : 'self-start'}`} data-testid={testId} data-faces={result}>
        <img
          src={src}
          alt={alt}
          className={`block rounded-field bg-base-200 ${fill ? 'h-auto w-full' : 'max-h-56 w-auto max-w-full'}`}
          onLoad={(e) => look(e.currentTarget)}
        />
        {found.status === 'done' &&
          faces.map((f) => (
            <span
              key={`${f.x}-${f.y}`}
              className={`pointer-events-none absolute rounded-md border-2 shadow-[0_0_0_1px_rgba(0,0,0,0.45)] ${faces.length === 1 ? 'border-success' : 'border-warning'}`}
              style={{ left: pct(f.x / found.width), top: pct(f.y / found.height), width: pct(f.w / found.width), height: pct(f.h / found.height) }}
              data-testid="face-box"
              aria-hidden
            />
          ))}
      </div>
      <FaceCheck result={result} />
    </div>
  );
}

function FaceCheck({ result }: { result: 'checking' | 'unavailable' | 'none' | 'several' | 'one' }) {
  const { LL } = useI18nContext();
  const P = LL.camera.preview;
  if (result === 'unavailable') return null;
  if (result === 'checking')
    return (
      <p className="flex items-center gap-1.5 text-xs text-base-content/60" data-testid="face-check">
        <span className="loading loading-spinner loading-xs" aria-hidden /> {P.checking()}
      </p>
    );
  if (result === 'one')
    return (
      <p className="flex items-center gap-1.5 text-xs text-success" data-testid="face-check">
        <CircleCheck className="size-3.5" aria-hidden /> {P.found()}
      </p>
    );
  return (
    <p role="alert" className="alert alert-warning alert-soft items-start gap-1.5 py-2 text-sm" data-testid="face-check">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {result === 'none' ? P.none() : P.several()}
    </p>
  );
}
