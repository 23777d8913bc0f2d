import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SCRIPT_TONES, type ScriptToneName } from '@/domains/scripts/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { isLocale } from '@locales/i18n-util';
import { toast } from '../../../lib/toast';
import { DialogActions, Modal } from '@/web/components/modal';
import { DialogProblem, type Problem } from './dialog-problem';
import { LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { LabelledSelect } from '@/web/components/labelled-select';

export type DialogProps = { onClose: () => void; onScript: (script: string) => void };

/** The scripts are written in the interface's language (de/it/pt included: the composer knows them). */
export function useScriptLanguage() {
  const { locale } = useI18nContext();
  return isLocale(locale) ? locale : undefined;
}

/** The toast, repeated inside the dialog (a modal sits above the toast region). */
export function useProblem() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const fail = (title: string, description?: string) => {
    setProblem({ title, description });
    toast({ title, description, variant: 'destructive' });
  };
  return { problem, fail, clear: () => setProblem(null) };
}

export function ToneSelect({ value, onChange, label }: { value: ScriptToneName; onChange: (t: ScriptToneName) => void; label: string }) {
  const { LL } = useI18nContext();
  return (
    <LabelledSelect
      label={label}
      options={SCRIPT_TONES}
      optionLabel={(t) => LL.createVideo.tones[t]()}
      value={value}
      onChange={onChange}
      testId="tone-select"
    />
  );
}

function Actions({ pending, label, working, onClose, testId }: { pending: boolean; label: string; working: string; onClose: () => void; testId: string }) {
  return (
    <DialogActions onCancel={onClose} cancelDisabled={pending}>
      <PendingButton pending={pending} testId={testId} pendingLabel={working}>
        {label}
      </PendingButton>
    </DialogActions>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  maxLength?: number;
  hint?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <LabelledField label={label} htmlFor={id}>
      <textarea
        id={id}
        className="textarea h-24 w-full"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint}
    </LabelledField>
  );
}

/** A script dialog: its form, the problem said inside it, Cancel and the submit button. */
export function ScriptDialog({
  name,
  texts,
  onClose,
  onSubmit,
  problem,
  pending,
  children,
}: {
  /** Names the test ids: `<name>-dialog` and `<name>-submit`. */
  name: 'generate' | 'enhance' | 'inspire';
  texts: { title: () => string; subtitle: () => string; submit: () => string; working: () => string };
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  problem: Problem | null;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Modal open title={texts.title()} subtitle={texts.subtitle()} onClose={onClose} testId={`${name}-dialog`}>
      <form noValidate onSubmit={onSubmit}>
        {children}
        {problem && <DialogProblem problem={problem} />}
        <Actions pending={pending} label={texts.submit()} working={texts.working()} onClose={onClose} testId={`${name}-submit`} />
      </form>
    </Modal>
  );
}

/** A dialog's success: hand the script to the step, then close. */
export const scriptDone =
  ({ onScript, onClose }: DialogProps) =>
  ({ script }: { script: string }) => {
    onScript(script);
    onClose();
  };
