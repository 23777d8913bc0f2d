import { Camera, Circle, RotateCcw, Square } from 'lucide-react';
import { useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { AVATAR_SOURCE_MAX_BYTES } from '@/domains/avatars/constants';
import { useObjectUrl } from '@/web/lib/use-object-url';
import { FaceBoxPreview } from './face-box-preview';
import { LiveView } from './live-view';
import { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, useClipRecorder } from './use-clip-recorder';

const PHOTO_QUALITY = 0.92;

/** Live view → Take photo → the photo with its face box → Retake or Use this photo (a JPEG File, as if picked). */
export function PhotoCapture({ stream, onUse }: { stream: MediaStream; onUse: (file: File) => void }) {
  const { LL } = useI18nContext();
  const C = LL.camera;
  const video = useRef<HTMLVideoElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const url = useObjectUrl(photo);

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob((blob) => blob && setPhoto(new File([blob], 'camera-photo.jpg', { type: 'image/jpeg' })), 'image/jpeg', PHOTO_QUALITY);
  };

  if (photo && url)
    return (
      <>
        <FaceBoxPreview key={url} src={url} alt={C.photoPreview()} testId="camera-photo" fill />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPhoto(null)} data-testid="camera-retake">
            <RotateCcw className="size-4" aria-hidden /> {C.retake()}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onUse(photo)} data-testid="camera-use">
            {C.acceptPhoto()}
          </button>
        </div>
      </>
    );
  return (
    <>
      <LiveView stream={stream} video={video} />
      <div className="flex justify-center">
        <button type="button" className="btn btn-primary" onClick={take} data-testid="camera-take">
          <Camera className="size-4" aria-hidden /> {C.takePhoto()}
        </button>
      </div>
    </>
  );
}

/** Live view → Start recording (10–60 s, a timer) → Stop → the clip plays → Retake or Use this clip (a WebM File). */
export function ClipCapture({ stream, onUse }: { stream: MediaStream; onUse: (file: File) => void }) {
  const { LL } = useI18nContext();
  const C = LL.camera;
  const video = useRef<HTMLVideoElement>(null);
  const { recording, start, stop, reset } = useClipRecorder(stream);
  const [problem, setProblem] = useState<'short' | 'recorder' | null>(null);
  const clip = recording.status === 'done' ? recording.clip : null;
  const url = useObjectUrl(clip);

  if (recording.status === 'done' && url) {
    const tooLarge = recording.clip.size > AVATAR_SOURCE_MAX_BYTES;
    return (
      <>
        <video src={url} controls playsInline muted className="max-h-64 w-full rounded-box bg-black" aria-label={C.clipPreview()} data-testid="camera-clip" />
        {recording.autoStopped && <p className="text-sm text-base-content/70">{C.autoStopped({ max: CLIP_MAX_SECONDS })}</p>}
        {tooLarge && (
          <p role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="camera-clip-too-large">
            {C.clipTooLarge()}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={reset} data-testid="camera-retake">
            <RotateCcw className="size-4" aria-hidden /> {C.retake()}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onUse(recording.clip)} disabled={tooLarge} data-testid="camera-use">
            {C.acceptClip()}
          </button>
        </div>
      </>
    );
  }

  const seconds = recording.status === 'recording' ? Math.floor(recording.elapsedMs / 1000) : 0;
  return (
    <>
      <LiveView stream={stream} video={video}>
        {recording.status === 'recording' && (
          <span className="badge badge-error absolute top-2 left-2 gap-1.5 font-mono" data-testid="camera-timer" data-seconds={seconds}>
            <Circle className="size-2.5 animate-pulse fill-current" aria-hidden />
            <span className="sr-only">{C.recording()}</span>
            {C.elapsed({ seconds, max: CLIP_MAX_SECONDS })}
          </span>
        )}
      </LiveView>
      {problem && (
        <p role="alert" className="alert alert-warning alert-soft py-2 text-sm" data-testid="camera-clip-problem">
          {problem === 'short' ? C.tooShort({ min: CLIP_MIN_SECONDS }) : C.failed({ reason: C.recorderMissing() })}
        </p>
      )}
      <div className="flex justify-center">
        {recording.status === 'recording' ? (
          <button type="button" className="btn btn-error" onClick={() => setProblem(stop() ? null : 'short')} data-testid="camera-stop">
            <Square className="size-4 fill-current" aria-hidden /> {C.stop()}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setProblem(start() ? null : 'recorder')} data-testid="camera-record">
            <Circle className="size-4 fill-current" aria-hidden /> {C.record()}
          </button>
        )}
      </div>
    </>
  );
}
