import { useMutation } from '@tanstack/react-query';
import { ImageUp, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FormField, LabelledField } from '../../../components/form-field';
import { api, errorMessage } from '../../../lib/rest';
import { useTranslateMessage } from '../../../lib/validation';
import { toast } from '../../../lib/toast';
import { DialogActions, Modal } from '@/web/components/modal';
import { DialogProblem, type Problem } from './dialog-problem';
import { PlanLimitNotice, useSubscription } from '@/web/components/plan-limit';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';
import { useObjectUrl } from '@/web/lib/use-object-url';
import { AvatarGenderField, type AvatarGender } from '@/web/components/avatar-gender-field';
import { AVATAR_SOURCE_TYPES } from '@/domains/avatars/constants';
import { CameraPanel, UseCameraButton } from '@/web/components/camera/camera-panel';
import { AvatarGuidance } from '@/web/components/camera/avatar-guidance';
import { FaceBoxPreview } from '@/web/components/camera/face-box-preview';

const ACCEPT = AVATAR_SOURCE_TYPES.join(',');

/**
 * The wizard's custom avatar upload (spec part 2 §5): name required here, gender male by default,
 * an image or a video; POST /api/avatars/upload (multipart) then create-custom.
 */
export function CustomAvatarDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { LL } = useI18nContext();
  const U = LL.createVideo.upload;
  return (
    <Modal open={open} title={U.title()} subtitle={U.subtitle()} onClose={onClose} testId="custom-avatar-dialog">
      <UploadForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function UploadForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const U = LL.createVideo.upload;
  const trpc = useTrpc();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [gender, setGender] = useState<AvatarGender>('male');
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [camera, setCamera] = useState(false);
  const preview = useObjectUrl(file);
  // A modal sits above the toast region: the dialog repeats the toast's message inside itself.
  const [problem, setProblem] = useState<Problem | null>(null);
  const fail = (title: string, description: string) => {
    setProblem({ title, description });
    toast({ title, description, variant: 'destructive' });
  };

  const upload = useMutation({
    mutationFn: (f: File) => {
      const body = new FormData();
      body.append('image', f);
      return api.post('/api/avatars/upload', body);
    },
  });
  const create = useMutation(trpc.avatars.createCustom.mutationOptions());
  const pending = upload.isPending || create.isPending;
  // A picked file and a camera's photo or clip are the same from here on.
  const choose = (f: File | null) => {
    setFile(f);
    setProblem(null);
    if (f) setCamera(false);
  };
  // Uploads use storage: when it is full the dialog says so instead of failing on submit.
  const storageFull = useSubscription().data?.storageBlock ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return fail(U.noFile(), U.noFileText());
    if (!name.trim()) {
      setNameError(U.missingNameText());
      return fail(U.missingName(), U.missingNameText());
    }
    setNameError(undefined);
    setProblem(null);
    let uploaded: { url: string; mimeType: string };
    try {
      uploaded = await upload.mutateAsync(file);
    } catch (err) {
      return fail(U.uploadFailed(), translate(errorMessage(err)) ?? '');
    }
    try {
      const isVideo = uploaded.mimeType.startsWith('video/');
      const made = await create.mutateAsync({
        name: name.trim(),
        gender,
        mimeType: uploaded.mimeType,
        ...(isVideo ? { consentVideo: uploaded.url } : { imageUrl: uploaded.url }),
      });
      toast({ title: U.created(), description: U.createdText(), variant: 'success' });
      onCreated(made.id ?? made.taskId);
    } catch (err) {
      fail(U.creationFailed(), errorMessage(err));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <FormField
        label={U.name()}
        value={name}
        maxLength={80}
        placeholder={U.namePlaceholder()}
        onChange={(e) => setName(e.target.value)}
        error={nameError}
        data-testid="custom-avatar-name"
      />
      <AvatarGenderField label={U.gender()} value={gender} onChange={setGender} />
      <LabelledField label={U.file()} htmlFor={fileId}>
        {file && preview ? (
          <div className="relative flex w-fit max-w-full flex-col rounded-box border border-base-300 p-1" data-testid="custom-avatar-preview">
            {file.type.startsWith('video/') ? (
              <video src={preview} className="max-h-56 w-full rounded-field bg-black object-contain" muted playsInline controls />
            ) : (
              <FaceBoxPreview key={preview} src={preview} alt="" testId="custom-avatar-face-preview" />
            )}
            <button
              type="button"
              className="btn btn-circle btn-xs absolute top-2 right-2"
              aria-label={U.remove()}
              onClick={() => {
                choose(null);
                if (input.current) input.current.value = '';
              }}
            >
              <X className="size-3" aria-hidden />
            </button>
          </div>
        ) : camera ? (
          <CameraPanel onUse={choose} onClose={() => setCamera(false)} fileInputId={fileId} />
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <label
              htmlFor={fileId}
              className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed border-base-300 p-6 text-center text-sm hover:border-primary/60"
            >
              <ImageUp className="size-8 text-base-content/50" aria-hidden />
              <span>{U.fileHint()}</span>
            </label>
            <UseCameraButton onClick={() => setCamera(true)} disabled={pending} />
          </div>
        )}
        <input
          id={fileId}
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          data-testid="custom-avatar-file"
        />
        <p className="text-xs text-base-content/60" data-testid="avatar-clip-hint">
          {U.clipHint()}
        </p>
      </LabelledField>
      {!camera && <AvatarGuidance clip />}
      {problem && <DialogProblem problem={problem} />}
      {storageFull && <PlanLimitNotice block={storageFull} testId="storage-limit" />}
      <DialogActions onCancel={onClose} cancelDisabled={pending}>
        <PendingButton pending={pending} disabled={!!storageFull} testId="custom-avatar-create">
          {upload.isPending ? U.uploading() : create.isPending ? U.creating() : U.create()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
