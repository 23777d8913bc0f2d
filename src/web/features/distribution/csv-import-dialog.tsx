import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { DialogActions, Modal } from '@/web/components/modal';
import { MAX_IMPORT_BYTES } from '@/domains/contacts/schemas';
import { importCsv } from './api';
import { CsvColumnMapping, useCsvMapping } from './csv-column-mapping';
import { type ColumnTarget, namesAContact } from '@/domains/contacts/constants';
import type { TImportResult } from '@/domains/contacts/schemas';
import { kilobytes } from './selection';
import { PAGE_MAX } from '@/shared/paging';
import { useTrpc } from '@/web/lib/trpc';
import { LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';

const SHOWN_ERRORS = 5;

/**
 * The CSV Upload dialog: choose or create a list, pick a .csv file (its name and size in KB
 * show), and import it for real. The report (imported, skipped, the first errors) stays in the
 * dialog; the imported list is handed back so the step can select it.
 */
export function CsvImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (listId: string) => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={open} title={LL.distribution.csv.title()} subtitle={LL.distribution.csv.subtitle()} onClose={onClose} testId="csv-dialog">
      <CsvImportForm onClose={onClose} onImported={onImported} />
    </Modal>
  );
}

function CsvImportForm({ onClose, onImported }: { onClose: () => void; onImported: (listId: string) => void }) {
  const { LL } = useI18nContext();
  const C = LL.distribution.csv;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  // The newest 200 lists (one page at the largest size) to import into.
  const lists = useQuery(trpc.contacts.lists.queryOptions({ limit: PAGE_MAX }));
  const hasLists = (lists.data?.items.length ?? 0) > 0;
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [listId, setListId] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A modal dialog sits above the toasts: what goes wrong is also said inside it.
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<TImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), list: useId(), file: useId() };
  const createList = useMutation(trpc.contacts.createList.mutationOptions());
  const csv = useCsvMapping(file);

  const run = useMutation({
    mutationFn: async ({ file, target, mapping }: { file: File; target: { id: string } | { name: string }; mapping: ColumnTarget[] | null }) => {
      let id: string;
      if ('id' in target) id = target.id;
      else {
        const list = await createList.mutateAsync({ name: target.name });
        id = list.id;
        // A failed import keeps the new list: a second try goes into it, not into another one.
        setMode('existing');
        setListId(id);
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.lists.pathKey() });
      }
      return { id, report: await importCsv(id, file, mapping) };
    },
    onSuccess: ({ id, report }) => {
      setReport(report);
      void queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
      onImported(id);
      toast({ title: C.imported(), description: C.importedText({ imported: report.imported, skipped: report.skipped }), variant: 'success' });
    },
    onError: (e) => {
      setProblem(`${C.failed()}: ${errorMessage(e)}`);
      toast({ title: C.failed(), description: errorMessage(e), variant: 'destructive' });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (run.isPending) return;
    if (!file) {
      setProblem(`${C.noFile()}: ${C.noFileText()}`);
      toast({ title: C.noFile(), description: C.noFileText(), variant: 'destructive' });
      return;
    }
    // The server refuses it too (413); saying so here spares uploading 20 MB for nothing.
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(`${C.failed()}: ${C.tooLarge()}`);
      toast({ title: C.failed(), description: C.tooLarge(), variant: 'destructive' });
      return;
    }
    const useExisting = mode === 'existing' && hasLists;
    if (useExisting && !listId) {
      setProblem(C.chooseList());
      return;
    }
    if (!useExisting && !name.trim()) {
      setNameError(C.listNameRequired());
      return;
    }
    if (csv.sample && !namesAContact(csv.mapping)) {
      setProblem(C.mappingNeedsName());
      return;
    }
    setReport(null);
    setProblem(null);
    run.mutate({ file, target: useExisting ? { id: listId } : { name: name.trim() }, mapping: csv.sample ? csv.mapping : null });
  };

  if (report) {
    const more = report.errorCount - Math.min(report.errors.length, SHOWN_ERRORS);
    return (
      <div className="space-y-4" data-testid="csv-report">
        <div className="flex items-center gap-3">
          <CircleCheck className="size-8 text-success" aria-hidden />
          <div>
            <p className="font-semibold">{C.imported()}</p>
            <p className="text-sm text-base-content/70" data-testid="csv-report-counts">
              {C.importedText({ imported: report.imported, skipped: report.skipped })}
            </p>
          </div>
        </div>
        {report.errors.length > 0 && (
          <div className="rounded-box border border-warning/40 bg-warning/10 p-3 text-sm">
            <p className="mb-1 font-medium">{C.skippedRows()}</p>
            <ul className="list-inside list-disc space-y-0.5" data-testid="csv-report-errors">
              {report.errors.slice(0, SHOWN_ERRORS).map((e) => (
                <li key={e.row}>{C.errorRow({ row: e.row, reason: e.reason })}</li>
              ))}
            </ul>
            {more > 0 && <p className="mt-1 text-base-content/70">{C.moreErrors({ count: more })}</p>}
          </div>
        )}
        <div className="modal-action">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setReport(null);
              setFile(null);
              if (input.current) input.current.value = '';
            }}
          >
            {C.another()}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose} data-testid="csv-done">
            {C.done()}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="csv-form">
      {hasLists && (
        <div role="radiogroup" aria-label={C.list()} className="join w-full">
          {(['new', 'existing'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={`btn join-item flex-1 btn-sm ${mode === m ? 'btn-active btn-primary' : ''}`}
              onClick={() => setMode(m)}
              data-testid={`csv-mode-${m}`}
            >
              {m === 'new' ? C.newList() : C.existingList()}
            </button>
          ))}
        </div>
      )}
      {mode === 'existing' && hasLists ? (
        <LabelledField label={C.list()} htmlFor={ids.list}>
          <select
            id={ids.list}
            className="select w-full"
            value={listId}
            onChange={(e) => {
              setListId(e.target.value);
              setProblem(null);
            }}
            data-testid="csv-list"
          >
            <option value="">{C.chooseList()}</option>
            {lists.data?.items.map((l) => (
              <option key={l.id} value={l.id}>
                {`${l.name} (${LL.distribution.contacts.count({ count: l.contactCount })})`}
              </option>
            ))}
          </select>
        </LabelledField>
      ) : (
        <LabelledField label={C.listName()} htmlFor={ids.name}>
          <input
            id={ids.name}
            className={`input w-full ${nameError ? 'input-error' : ''}`}
            value={name}
            maxLength={120}
            placeholder={C.listNamePlaceholder()}
            aria-invalid={nameError ? true : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            data-testid="csv-list-name"
          />
          {nameError && (
            <p className="label text-error" role="alert">
              {nameError}
            </p>
          )}
        </LabelledField>
      )}
      <LabelledField label={C.file()} htmlFor={ids.file}>
        <input
          ref={input}
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          className="file-input w-full"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
          data-testid="csv-file"
        />
        {file ? (
          <p className="label flex items-center gap-1.5 text-base-content/80" data-testid="csv-file-info">
            <FileSpreadsheet className="size-4" aria-hidden />
            {C.fileInfo({ name: file.name, size: f.number(kilobytes(file.size)) })}
          </p>
        ) : (
          <p className="label whitespace-normal">{C.fileHint()}</p>
        )}
      </LabelledField>
      {csv.sample && (
        <CsvColumnMapping
          sample={csv.sample}
          mapping={csv.mapping}
          onChange={(m) => {
            csv.setMapping(m);
            setProblem(null);
          }}
        />
      )}
      {file && csv.read && !csv.sample && <p className="text-sm text-base-content/70">{C.mappingUnreadable()}</p>}
      {problem && (
        <p role="alert" className="alert alert-error alert-soft text-sm" data-testid="csv-problem">
          {problem}
        </p>
      )}
      <DialogActions onCancel={onClose}>
        <PendingButton pending={run.isPending} icon={<Upload className="size-4" aria-hidden />} pendingLabel={C.importing()} testId="csv-import">
          {C.import()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
