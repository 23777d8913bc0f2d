import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage, HttpError } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { DialogActions, Modal } from '@/web/components/modal';
import { AVATARS_KEY, createCustomAvatar, uploadAvatarSource } from './api';
import { AVATAR_FILE_TYPES, checkAvatarFile, isPermissionError, type FileProblem } from './avatar-rules';
import { PlanLimitNotice, useSubscription } from '@/web/components/plan-limit';
import { Tooltip } from '../../components/tooltip';
import { LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { useObjectUrl } from '@/web/lib/use-object-url';
import { AvatarGenderField, type AvatarGender } from '@/web/components/avatar-gender-field';
import { CameraPanel, UseCameraButton } from '@/web/components/camera/camera-panel';
import { AvatarGuidance } from '@/web/components/camera/avatar-guidance';
import { FaceBoxPreview } from '@/web/components/camera/face-box-preview';

const PERMISSION_TOAST_MS = 8000;

export function UploadAvatarDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (id: string) => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={open} title={LL.avatars.upload.title()} subtitle={LL.avatars.upload.subtitle()} onClose={onClose} testId="upload-avatar">
      <UploadForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

type Stage = 'idle' | 'uploading' | 'creating';

function UploadForm({ onClose, onCreated }: { onClose: () => void; onCreated?: (id: string) => void }) {
  const { LL } = useI18nContext();
  const U = LL.avatars.upload;
  const queryClient = useQueryClient();
  const ids = { name: useId(), file: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [gender, setGender] = useState<AvatarGender>('male');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | 'missing'>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [camera, setCamera] = useState(false);
  // Uploads use storage: when it is full the dialog says so instead of failing on submit.
  const storageFull = useSubscription().data?.storageBlock ?? null;

  const preview = useObjectUrl(file);

  const create = useMutation({
    mutationFn: async (chosen: File) => {
      setStage('uploading');
      let uploaded: { url: string; mimeType: string };
      try {
        uploaded = await uploadAvatarSource(chosen);
      } catch (e) {
        throw Object.assign(new Error(errorMessage(e)), { step: 'upload' as const, status: e instanceof HttpError ? e.status : undefined });
      }
      setStage('creating');
      try {
        return await createCustomAvatar({ name: name.trim() || undefined, gender, url: uploaded.url, mimeType: uploaded.mimeType });
      } catch (e) {
        throw Object.assign(new Error(errorMessage(e)), { step: 'create' as const, status: e instanceof HttpError ? e.status : undefined });
      }
    },
    onSuccess: async (avatar) => {
      toast({ title: U.created(), description: U.createdText({ name: avatar.name }), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: [...AVATARS_KEY, 'list'] });
      onCreated?.(avatar.id);
      onClose();
    },
    onError: (e: Error & { step?: 'upload' | 'create'; status?: number }) => {
      if (isPermissionError(e.status, e.message)) {
        toast({ title: U.permissionError(), description: U.permissionText(), variant: 'destructive', duration: PERMISSION_TOAST_MS });
      } else {
        toast({ title: e.step === 'upload' ? U.uploadFailed() : U.creationFailed(), description: e.message, variant: 'destructive' });
      }
    },
    onSettled: () => setStage('idle'),
  });

  // A picked file and a camera's photo or clip are the same from here on.
  const choose = (f: File | undefined) => {
    if (!f) return;
    setCamera(false);
    const p = checkAvatarFile(f);
    setProblem(p);
    setFile(p ? null : f);
    if (p && fileInput.current) fileInput.current.value = '';
  };

  const removeFile = () => {
    setFile(null);
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (e: React.SyntheticEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    if (!file) {
      setProblem('missing');
      toast({ title: U.noFile(), description: U.noFileText(), variant: 'destructive' });
      return;
    }
    create.mutate(file);
  };

  // With Create disabled the browser ignores Enter; without a file, Enter says what is missing.
  const onKeyDown = (e: React.KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !file && e.target instanceof HTMLInputElement) submit(e);
  };

  const busy = create.isPending;
  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="flex flex-col gap-3" noValidate>
      <LabelledField
        label={
          <>
            {U.name()} <span className="font-normal text-base-content/60">({U.optional()})</span>
          </>
        }
        htmlFor={ids.name}
      >
        <input
          id={ids.name}
          className="input w-full"
          value={name}
          maxLength={80}
          placeholder={U.namePlaceholder()}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
          data-testid="avatar-name"
        />
      </LabelledField>
      <AvatarGenderField label={U.gender()} value={gender} onChange={setGender} disabled={busy} testId="avatar-gender" />
      <LabelledField label={U.file()} htmlFor={ids.file}>
        {file && preview ? (
          <div className="flex flex-col gap-2 rounded-box border border-base-300 p-2" data-testid="avatar-file-preview">
            {file.type.startsWith('video/') ? (
              <video src={preview} className="max-h-56 w-full rounded-field bg-black object-contain" muted playsInline controls aria-label={U.preview()} />
            ) : (
              <FaceBoxPreview key={preview} src={preview} alt={U.preview()} testId="avatar-face-preview" />
            )}
            <div className="flex items-center gap-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" data-testid="avatar-file-name">
                  {file.name}
                </p>
                <p className="text-xs text-base-content/60">{file.type}</p>
              </div>
              <Tooltip content={U.remove()}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square"
                  onClick={removeFile}
                  disabled={busy}
                  aria-label={U.remove()}
                  data-testid="avatar-file-remove"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </Tooltip>
            </div>
          </div>
        ) : camera ? (
          <CameraPanel onUse={choose} onClose={() => setCamera(false)} fileInputId={ids.file} />
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <label
              htmlFor={ids.file}
              className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-box border-2 border-dashed border-base-300 px-4 py-6 text-center transition hover:border-primary/60"
            >
              <Upload className="size-6 text-base-content/50" aria-hidden />
              <span className="text-sm font-medium">{U.choose()}</span>
            </label>
            <UseCameraButton onClick={() => setCamera(true)} disabled={busy} />
          </div>
        )}
        <input
          ref={fileInput}
          id={ids.file}
          type="file"
          className="sr-only"
          accept={AVATAR_FILE_TYPES.join(',')}
          onChange={(e) => choose(e.target.files?.[0])}
          disabled={busy}
          data-testid="avatar-file"
        />
        <p className="label">{U.fileHint()}</p>
        <p className="label whitespace-normal" data-testid="avatar-clip-hint">
          {U.clipHint()}
        </p>
        {problem && (
          <p className="text-sm text-error" role="alert" data-testid="avatar-file-error">
            {problem === 'type' ? U.fileType() : problem === 'size' ? U.fileSize() : U.noFileText()}
          </p>
        )}
      </LabelledField>
      {!camera && <AvatarGuidance clip />}
      {storageFull && <PlanLimitNotice block={storageFull} testId="storage-limit" />}
      <DialogActions onCancel={onClose} cancelDisabled={busy}>
        <PendingButton pending={busy} disabled={!file || !!storageFull} testId="avatar-create">
          {stage === 'uploading' ? U.uploading() : stage === 'creating' ? U.creating() : U.create()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
