import { Copy } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';

type Props = { title: string; text: string; value: string; copiedText: string; onDone: () => void; testId: string; valueTestId: string };

/** A secret shown this once (an API key, a webhook signing secret): select, copy, dismiss. */
export function ShownOnce({ title, text, value, copiedText, onDone, testId, valueTestId }: Props) {
  const { LL } = useI18nContext();
  const a = LL.settings.advanced;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: a.copied(), description: copiedText, variant: 'success' });
    } catch (e) {
      toast({ title: a.copyFailed(), description: errorMessage(e), variant: 'destructive' });
    }
  };
  return (
    <div role="alert" className="alert alert-success alert-soft mt-4 flex-col items-stretch" data-testid={testId}>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{text}</p>
      </div>
      <div className="join w-full">
        <input
          className="input join-item w-full font-mono text-xs"
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
          data-testid={valueTestId}
          aria-label={title}
        />
        <button type="button" className="btn join-item" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> {LL.common.copy()}
        </button>
      </div>
      <button type="button" className="btn btn-sm self-end" onClick={onDone}>
        {a.saved()}
      </button>
    </div>
  );
}
