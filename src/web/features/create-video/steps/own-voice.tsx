import { Mic, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { prompterLines, recordingFits } from '@/shared/sentences';
import { toast } from '../../../lib/toast';
import { updateWizard, useWizard } from '../store';
import { Teleprompter } from './teleprompter';

/** The Customize step's "Record my voice": the teleprompter, or the recording in use and the way back to a synthetic voice. */
export function OwnVoice({ voiceName }: { voiceName: string }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.customize.ownVoice;
  const recording = useWizard((s) => s.voiceRecording);
  const script = useWizard((s) => s.script);
  const [open, setOpen] = useState(false);
  const personal = prompterLines(script).some((l) => !l.recorded);

  if (open)
    return (
      <Teleprompter
        script={script}
        voiceName={voiceName}
        onCancel={() => setOpen(false)}
        onDone={(r) => {
          updateWizard({ voiceRecording: r });
          setOpen(false);
          toast({ title: T.saved(), description: personal ? T.personalBy({ voice: voiceName }) : undefined });
        }}
      />
    );
  if (!recording)
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="own-voice">
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)} disabled={!script.trim()} data-testid="record-voice-open">
          <Mic className="size-4" aria-hidden /> {T.recordMyVoice()}
        </button>
        <span className="text-xs text-base-content/60">{T.recordHint()}</span>
      </div>
    );
  // The server's rule too: an edited sentence needs a new take.
  const stale = !recordingFits(recording.sentences, script);
  return (
    <div
      className={`alert ${stale ? 'alert-warning' : 'alert-info'} alert-soft flex flex-wrap justify-between text-sm`}
      data-testid="own-voice"
      data-recording={recording.id}
    >
      <div>
        <p className="font-medium" data-testid="own-voice-in-use">
          {T.inUse({ count: recording.sentences.length, seconds: Math.round(recording.durationSec) })}
        </p>
        {personal && <p data-testid="own-voice-personal">{T.personalBy({ voice: voiceName })}</p>}
        {stale && <p data-testid="own-voice-stale">{T.stale()}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => setOpen(true)} data-testid="record-voice-again">
          <Mic className="size-4" aria-hidden /> {T.recordAgain()}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => updateWizard({ voiceRecording: null })} data-testid="use-synthetic-voice">
          <Undo2 className="size-4" aria-hidden /> {T.syntheticInstead()}
        </button>
      </div>
    </div>
  );
}
