import { Camera, CameraOff, X } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FilterTabs } from '../filter-tabs';
import { AvatarGuidance } from './avatar-guidance';
import { ClipCapture, PhotoCapture } from './camera-capture';
import { useCamera } from './use-camera';

const MODES = ['photo', 'clip'] as const;
type Mode = (typeof MODES)[number];

/** "Use my camera", beside a dialog's file picker. */
export function UseCameraButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { LL } = useI18nContext();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-box border-2 border-dashed border-base-300 px-4 py-6 text-center transition hover:border-primary/60 disabled:cursor-not-allowed disabled:opacity-60"
      data-testid="use-camera"
    >
      <Camera className="size-6 text-base-content/50" aria-hidden />
      <span className="text-sm font-medium">{LL.camera.openCamera()}</span>
      <span className="text-xs text-base-content/60">{LL.camera.openCameraHint()}</span>
    </button>
  );
}

/**
 * The camera in a dialog: a photo (oval guide, live hints) or a 10–60 s clip, previewed, then handed
 * to `onUse` as a File, exactly as a picked file. Without a camera it says why and points to the picker.
 */
export function CameraPanel({ onUse, onClose, fileInputId }: { onUse: (file: File) => void; onClose: () => void; fileInputId: string }) {
  const { LL } = useI18nContext();
  const C = LL.camera;
  const camera = useCamera();
  const [mode, setMode] = useState<Mode>('photo');
  return (
    <section
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
      aria-label={C.openCamera()}
      data-testid="camera-panel"
      data-camera={camera.status}
    >
      <div className="flex items-center justify-between gap-2">
        <FilterTabs
          options={MODES}
          value={mode}
          onChange={setMode}
          label={(m) => (m === 'photo' ? C.photo() : C.clip())}
          ariaLabel={C.modes()}
          testId={(m) => `camera-mode-${m}`}
          className={`tabs-sm ${camera.status === 'failed' ? 'invisible' : ''}`}
        />
        <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={C.close()} data-testid="camera-close">
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {camera.status === 'failed' ? (
        <div role="alert" className="alert alert-warning alert-soft items-start" data-testid="camera-error" data-reason={camera.reason}>
          <CameraOff className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="text-sm">{C.failed({ reason: camera.reason === 'other' ? C.reasons.other({ name: camera.name }) : C.reasons[camera.reason]() })}</p>
        </div>
      ) : camera.status === 'starting' ? (
        <div className="flex aspect-video w-full items-center justify-center gap-2 rounded-box bg-base-200 text-sm text-base-content/70">
          <span className="loading loading-spinner loading-sm" aria-hidden /> {C.starting()}
        </div>
      ) : mode === 'photo' ? (
        <PhotoCapture stream={camera.stream} onUse={onUse} />
      ) : (
        <ClipCapture stream={camera.stream} onUse={onUse} />
      )}
      <AvatarGuidance clip={mode === 'clip'} />
      <label
        htmlFor={fileInputId}
        className={camera.status === 'failed' ? 'btn btn-outline btn-sm self-start' : 'link link-primary self-start text-sm'}
        data-testid="camera-choose-file"
      >
        {C.chooseFile()}
      </label>
    </section>
  );
}
